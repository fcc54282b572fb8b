import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { photoSources } from "~/lib/shared/photo";
import { type CarPhoto } from "~/lib/schemas/types";
import { SWIPE_PX, ZoomablePhoto } from "./zoomable-photo";

const noSubscription = () => () => {};

/** False in the server's HTML and while hydrating, true once React runs the page in the browser. */
function useEnhanced() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A car's photos. Without JavaScript: the cover, and thumbnails that link to each photo file.
 * With it: the photo under Previous/Next buttons, the arrow keys and a swipe; thumbnails are
 * buttons that follow the photo shown; a tap or click on the photo, or View full screen, opens a
 * modal <dialog> with a counter and zoom (Escape closes it).
 */
export function CarGallery({ photos, name }: { photos: CarPhoto[]; name: string }) {
  const enhanced = useEnhanced();
  const [current, setCurrent] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const stage = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);
  // A swipe ends with a click too: that click must not open full screen.
  const swiped = useRef(false);
  const headingId = useId();
  const count = photos.length;
  const alt = (index: number) => `${name}, photo ${index + 1} of ${count}`;
  const photo = photos[current];

  const show = (index: number, moveFocus = false) => {
    const next = (index + count) % count;
    setCurrent(next);
    const thumbnail = thumbnails.current[next];
    thumbnail?.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (moveFocus) thumbnail?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (count < 2 || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    // Focus on a thumbnail moves with the photo, as in a toolbar; elsewhere it stays put.
    const onThumbnail = thumbnails.current.includes(document.activeElement as HTMLButtonElement);
    show(current + (event.key === "ArrowRight" ? 1 : -1), onThumbnail);
  };

  const swipe = {
    onPointerDown: (event: React.PointerEvent) => {
      swiped.current = false;
      if (event.pointerType !== "mouse") swipeStart.current = event.clientX;
    },
    onPointerUp: (event: React.PointerEvent) => {
      const start = swipeStart.current;
      swipeStart.current = null;
      if (start === null || count < 2) return;
      const dragDistance = event.clientX - start;
      swiped.current = Math.abs(dragDistance) >= SWIPE_PX;
      if (swiped.current) show(current + (dragDistance < 0 ? 1 : -1));
    },
    // A tap or click opens the photo full screen. Focus goes to the gallery first, so the arrow keys
    // move the photos from then on (and come back here when full screen closes).
    onClick: () => {
      if (swiped.current) {
        swiped.current = false;
        return;
      }
      stage.current?.focus({ preventScroll: true });
      setFullScreen(true);
    },
    onPointerCancel: () => {
      swipeStart.current = null;
    },
  };

  return (
    <section aria-labelledby={headingId} onKeyDown={enhanced ? onKeyDown : undefined} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="sr-only">
        Photos
      </h2>
      <div ref={stage} tabIndex={-1} className="relative overflow-hidden rounded-2xl bg-slate-900 outline-none">
        {/* The page's first photo: fetched before anything else. */}
        <img
          {...photoSources(enhanced ? photo : photos[0])}
          sizes="(min-width: 1024px) 60vw, 100vw"
          alt={alt(enhanced ? current : 0)}
          fetchPriority="high"
          className={`aspect-[4/3] w-full touch-pan-y select-none object-contain ${enhanced ? "cursor-zoom-in" : ""}`}
          draggable={false}
          {...(enhanced ? swipe : {})}
        />
        {enhanced && count > 1 && (
          <>
            <GalleryButton label="Previous photo" onClick={() => show(current - 1)} className="left-2 top-1/2 -translate-y-1/2">
              <path d="M15 4l-8 8 8 8" />
            </GalleryButton>
            <GalleryButton label="Next photo" onClick={() => show(current + 1)} className="right-2 top-1/2 -translate-y-1/2">
              <path d="M9 4l8 8-8 8" />
            </GalleryButton>
          </>
        )}
        {enhanced && (
          <GalleryButton label="View full screen" onClick={() => setFullScreen(true)} className="bottom-2 right-2">
            <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
          </GalleryButton>
        )}
      </div>
      {count > 1 && (
        <>
          <p aria-live="polite" className="text-sm text-slate-600">
            Photo {enhanced ? current + 1 : 1} of {count}
            {enhanced && <span className="sr-only">. Use the left and right arrow keys to move between photos.</span>}
          </p>
          <ul aria-label="All photos" className="flex gap-2 overflow-x-auto pb-1">
            {photos.map((thumb, index) => (
              <li key={thumb.url} className="shrink-0">
                {enhanced ? (
                  <button
                    type="button"
                    ref={(element) => {
                      thumbnails.current[index] = element;
                    }}
                    aria-label={`Show photo ${index + 1} of ${count}`}
                    aria-current={index === current ? "true" : undefined}
                    onClick={() => show(index)}
                    className={`block overflow-hidden rounded-lg border-2 ${index === current ? "border-brand-700" : "border-transparent opacity-80 hover:opacity-100"}`}
                  >
                    <Thumbnail photo={thumb} />
                  </button>
                ) : (
                  <a
                    href={thumb.url}
                    aria-label={`Open photo ${index + 1} of ${count}`}
                    className="block overflow-hidden rounded-lg border-2 border-transparent"
                  >
                    <Thumbnail photo={thumb} />
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {fullScreen && (
        <FullScreen
          photo={photo}
          alt={alt(current)}
          index={current}
          count={count}
          onMove={(step) => show(current + step)}
          onClose={() => setFullScreen(false)}
        />
      )}
    </section>
  );
}

function Thumbnail({ photo }: { photo: CarPhoto }) {
  const small = photo.smallUrl ?? photo.url;
  return <img src={small} alt="" width={96} height={72} loading="lazy" decoding="async" className="h-[72px] w-24 object-cover" />;
}

function GalleryButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`absolute grid size-11 place-items-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white ${className}`}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
        {children}
      </svg>
    </button>
  );
}

/** The photo as large as the screen allows, in a modal dialog: a counter, the arrow keys still move, Escape closes, and it zooms. */
function FullScreen({
  photo,
  alt,
  index,
  count,
  onMove,
  onClose,
}: {
  photo: CarPhoto;
  alt: string;
  index: number;
  count: number;
  onMove: (step: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-black p-0 text-white backdrop:bg-black"
    >
      <h2 id={titleId} className="sr-only">
        {alt}
      </h2>
      {/* A new photo starts unzoomed. */}
      <ZoomablePhoto key={photo.url} photo={photo} alt={alt} onSwipe={count > 1 ? onMove : undefined} />
      <p aria-live="polite" className="absolute left-3 top-3 rounded-full bg-black/70 px-3 py-2 text-sm font-semibold">
        {`Photo ${index + 1} of ${count}`}
      </p>
      {count > 1 && (
        <>
          <GalleryButton label="Previous photo" onClick={() => onMove(-1)} className="left-3 top-1/2 -translate-y-1/2">
            <path d="M15 4l-8 8 8 8" />
          </GalleryButton>
          <GalleryButton label="Next photo" onClick={() => onMove(1)} className="right-3 top-1/2 -translate-y-1/2">
            <path d="M9 4l8 8-8 8" />
          </GalleryButton>
        </>
      )}
      <GalleryButton label="Close full screen" onClick={() => dialog.current?.close()} className="right-3 top-3">
        <path d="M5 5l14 14M19 5L5 19" />
      </GalleryButton>
    </dialog>
  );
}
