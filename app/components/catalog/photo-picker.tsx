import { useEffect, useRef, useState } from "react";
import { uploadPhotoDirect } from "~/lib/catalog/direct-upload";
import { MAX_PHOTOS } from "~/lib/schemas/catalog";
import { buttonClass } from "../ui/button";

/** A photo of the listing as the picker holds it: uploading, stored (with its URLs) or refused. */
interface PickedPhoto {
  key: string;
  /** How the buttons and announcements name it: the file's name, or "Photo n" for one already stored. */
  label: string;
  preview: string;
  url?: string;
  smallUrl?: string | null;
  error?: string;
}

export interface StoredPhoto {
  url: string;
  smallUrl?: string | null;
}

type PhotoAction = "up" | "down" | "cover" | "remove";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
// 44 px: a finger's tap target, as every control here.
const menuItemClass = "flex min-h-11 w-full items-center rounded-md px-3 text-left font-medium hover:bg-slate-100 disabled:text-slate-400";
const failedButtonClass = buttonClass({ variant: "secondary" });

/**
 * The listing form's photos with JavaScript: files chosen or dropped are uploaded straight away
 * (uploadPhotoDirect) and shown as tiles, the cover always the first. Each tile has one menu (Move
 * up, Move down, Make cover, Remove), so a phone shows two photos a row; on a desktop the tiles can
 * also be dragged. A photo that could not be uploaded leaves the order: it is listed apart with
 * its reason, Retry and Remove. The form gets the stored ones in order as hidden `images` and
 * `smallImages` inputs.
 */
export function PhotoPicker({
  initial,
  errors,
  errorId,
  onBusyChange,
  onPhotosChange,
}: {
  initial: StoredPhoto[];
  errors?: string[];
  errorId: string;
  onBusyChange?: (busy: boolean) => void;
  /** Called after the stored photos (or their order) changed, once the hidden inputs show it. */
  onPhotosChange?: () => void;
}) {
  const [photos, setPhotos] = useState<PickedPhoto[]>(() =>
    initial.map((photo, index) => ({ key: photo.url, label: `Photo ${index + 1}`, preview: photo.smallUrl || photo.url, ...photo })),
  );
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState(false);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  // Each chosen file, kept for Retry until its photo is removed.
  const files = useRef(new Map<string, File>());
  const objectUrls = useRef(new Set<string>());
  const root = useRef<HTMLDivElement>(null);
  // What to focus once the lists have re-rendered (a moved photo's tile was moved in the DOM).
  const pendingFocus = useRef<string | null>(null);

  const ordered = photos.filter((photo) => !photo.error);
  const failed = photos.filter((photo) => photo.error);
  const busy = ordered.some((photo) => !photo.url);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => {
    const pending = uploads.current;
    const previews = objectUrls.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const url of previews) URL.revokeObjectURL(url);
    };
  }, []);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    root.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(target)}"]`)?.focus();
  });

  const stored = ordered.filter((photo) => photo.url);
  // Once the hidden inputs hold the new list, the form may check the photos again.
  const storedUrls = stored.map((photo) => photo.url).join(" ");
  const photosChanged = useRef(onPhotosChange);
  useEffect(() => {
    photosChanged.current = onPhotosChange;
  });
  useEffect(() => photosChanged.current?.(), [storedUrls]);

  function update(key: string, change: Partial<PickedPhoto>) {
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  }

  function upload(key: string, label: string, file: File) {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    uploadPhotoDirect(file, { signal: controller.signal })
      .then(({ url, smallUrl }) => {
        update(key, { url, smallUrl });
        setAnnouncement(`${label} uploaded.`);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : "The photo could not be uploaded.";
        update(key, { error: message });
        setAnnouncement(`${label} could not be uploaded: ${message}`);
      })
      .finally(() => uploads.current.delete(key));
  }

  function add(chosen: File[]) {
    const room = MAX_PHOTOS - ordered.length;
    const taken = chosen.slice(0, Math.max(0, room));
    const added = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      const photo = { key: crypto.randomUUID(), label: file.name || "photo", preview };
      files.current.set(photo.key, file);
      return photo;
    });
    setPhotos((current) => [...current, ...added]);
    const left = chosen.length - taken.length;
    setAnnouncement(
      [
        added.length ? `Uploading ${added.length === 1 ? added[0].label : `${added.length} photos`}.` : "",
        left ? `At most ${MAX_PHOTOS} photos: ${left} ${left === 1 ? "was" : "were"} left out.` : "",
      ]
        .filter(Boolean)
        .join(" "),
    );
    for (const photo of added) upload(photo.key, photo.label, files.current.get(photo.key)!);
  }

  function retry(photo: PickedPhoto) {
    const file = files.current.get(photo.key);
    if (!file) return;
    if (ordered.length >= MAX_PHOTOS) {
      setAnnouncement(`At most ${MAX_PHOTOS} photos: remove one first.`);
      return;
    }
    // Back at the end of the order, uploading again.
    setPhotos((current) => [...current.filter((candidate) => candidate.key !== photo.key), { ...photo, error: undefined }]);
    setAnnouncement(`Uploading ${photo.label} again.`);
    pendingFocus.current = `menu-${photo.key}`;
    upload(photo.key, photo.label, file);
  }

  /** Moves a photo to a place in the order (failed photos keep out of it). */
  function move(key: string, to: number) {
    const from = ordered.findIndex((photo) => photo.key === key);
    if (from < 0 || to < 0 || to >= ordered.length || from === to) return;
    const next = [...ordered];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo);
    setPhotos([...next, ...failed]);
    setAnnouncement(`${photo.label} moved to position ${to + 1} of ${next.length}${to === 0 ? ", the cover" : ""}.`);
  }

  function act(key: string, index: number, action: PhotoAction) {
    setOpenMenu(null);
    if (action === "remove") return remove(key);
    move(key, action === "up" ? index - 1 : action === "down" ? index + 1 : 0);
    pendingFocus.current = `menu-${key}`;
  }

  function remove(key: string) {
    const photo = photos.find((candidate) => candidate.key === key)!;
    uploads.current.get(key)?.abort();
    files.current.delete(key);
    if (objectUrls.current.delete(photo.preview)) URL.revokeObjectURL(photo.preview);
    // Focus goes to the next photo in the same list, else the previous one, else the file input.
    const list = photo.error ? failed : ordered;
    const index = list.indexOf(photo);
    const neighbour = list[index + 1] ?? list[index - 1];
    setPhotos(photos.filter((candidate) => candidate.key !== key));
    setAnnouncement(`${photo.label} removed.`);
    pendingFocus.current = neighbour ? `${photo.error ? "retry" : "menu"}-${neighbour.key}` : "picker";
  }

  const invalid = Boolean(errors?.length);
  return (
    <div ref={root} className="@container flex flex-col gap-3">
      <p id="photo-help" className="text-sm text-slate-600">
        1 to {MAX_PHOTOS} photos (JPEG, PNG, WebP or AVIF, up to 5 MiB each). The first is the cover. Each photo&apos;s menu moves it, makes
        it the cover or removes it<span className="pointer-coarse:hidden">; on a computer you can also drag them</span>.
      </p>
      <div
        onDragOver={(event) => {
          if (dragged || !event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDropTarget(true);
        }}
        onDragLeave={() => setDropTarget(false)}
        onDrop={(event) => {
          if (dragged) return;
          event.preventDefault();
          setDropTarget(false);
          add([...event.dataTransfer.files]);
        }}
        className={`flex flex-col gap-2 rounded-xl border-2 border-dashed p-4 ${dropTarget ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
      >
        {/* A finger has no files to drag (phones, tablets): it is told to choose them, and nothing of dropping. */}
        <label htmlFor="photo-picker" className="font-medium">
          <span className="pointer-coarse:hidden">Add photos</span>
          <span className="hidden pointer-coarse:inline">Choose photos</span>
        </label>
        <input
          id="photo-picker"
          data-focus="picker"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`photo-help ${errorId}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            add([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 file:mr-4 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-1 file:font-semibold"
        />
        <p className="text-sm text-slate-600 pointer-coarse:hidden">or drop photo files here.</p>
      </div>
      <div id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {errors?.[0]}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {ordered.length > 0 && (
        <ol aria-label="Chosen photos, cover first" className="grid grid-cols-2 gap-3 @lg:grid-cols-3 @3xl:grid-cols-4">
          {ordered.map((photo, index) => (
            <li
              key={photo.key}
              data-key={photo.key}
              data-label={photo.label}
              draggable={Boolean(photo.url)}
              onDragStart={(event) => {
                setDragged(photo.key);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", photo.label);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                if (!dragged) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragged, index);
                setDragged(null);
              }}
              className={`relative flex min-w-0 flex-col gap-1 rounded-xl border bg-white p-2 ${dragged === photo.key ? "border-brand-600 opacity-60" : "border-slate-200"}`}
            >
              <div className="relative">
                <img src={photo.preview} alt="" width={160} height={120} className="aspect-4/3 w-full rounded-lg object-cover" />
                {index === 0 && (
                  <span className="absolute top-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">Cover</span>
                )}
              </div>
              <div className="flex items-center gap-1">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">{photo.label}</p>
                  {photo.url ? (
                    <p className="text-xs text-slate-600">Uploaded</p>
                  ) : (
                    <progress aria-label={`Uploading ${photo.label}`} className="w-full" />
                  )}
                </div>
                <PhotoMenu
                  photo={photo}
                  open={openMenu === photo.key}
                  onToggle={(open) => setOpenMenu(open ? photo.key : null)}
                  onAction={(action) => act(photo.key, index, action)}
                  first={index === 0}
                  last={index === ordered.length - 1}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      {failed.length > 0 && (
        <ul aria-label="Photos not uploaded" className="flex flex-col gap-2">
          {failed.map((photo) => (
            <li key={photo.key} className="flex flex-col gap-2 rounded-xl border border-red-300 bg-red-50 p-3">
              <p className="min-w-0 text-sm">
                <span className="font-semibold break-all">{photo.label}</span>: <span className="text-red-800">{photo.error}</span>
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" data-focus={`retry-${photo.key}`} onClick={() => retry(photo)} className={failedButtonClass}>
                  Retry<span className="sr-only"> {photo.label}</span>
                </button>
                <button type="button" onClick={() => remove(photo.key)} className={failedButtonClass}>
                  Remove<span className="sr-only"> {photo.label}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {stored.map((photo) => (
        <input key={`image-${photo.key}`} type="hidden" name="images" value={photo.url} />
      ))}
      {stored.map((photo) => (
        <input key={`small-${photo.key}`} type="hidden" name="smallImages" value={photo.smallUrl ?? ""} />
      ))}
    </div>
  );
}

/**
 * A photo's menu: a 44 px button that shows its actions below it (a disclosure, so Tab and Enter
 * reach everything; Escape closes it and gives the focus back to the button).
 */
function PhotoMenu({
  photo,
  open,
  onToggle,
  onAction,
  first,
  last,
}: {
  photo: PickedPhoto;
  open: boolean;
  onToggle: (open: boolean) => void;
  onAction: (action: PhotoAction) => void;
  first: boolean;
  last: boolean;
}) {
  const menuId = `photo-menu-${photo.key}`;
  const toggle = useRef<HTMLButtonElement>(null);
  const items: [PhotoAction, string, boolean][] = [
    ["up", "Move up", first],
    ["down", "Move down", last],
    ["cover", "Make cover", first],
    ["remove", "Remove", false],
  ];
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.stopPropagation();
        onToggle(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        data-focus={`menu-${photo.key}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => onToggle(!open)}
        className="flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white hover:bg-slate-50"
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
        <span className="sr-only">Photo options: {photo.label}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-10 mt-1 flex w-44 flex-col rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map(([action, text, disabled]) => (
            <button
              key={action}
              type="button"
              data-action={action}
              disabled={disabled}
              onClick={() => onAction(action)}
              className={menuItemClass}
            >
              {text}
              <span className="sr-only"> {photo.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
