import { useEffect, useRef, useState } from "react";
import { uploadPhotoDirect } from "~/lib/direct-upload";
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

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const smallButtonClass = buttonClass({ variant: "secondary", size: "sm" });

/**
 * The listing form's photos with JavaScript: files chosen or dropped are uploaded straight away
 * (uploadPhotoDirect), shown as thumbnails that can be reordered (drag and drop, or Move up/down
 * by keyboard), made the cover (the first) or removed. The form gets the stored ones in order as
 * hidden `images` and `smallImages` inputs.
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
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());
  const list = useRef<HTMLOListElement>(null);
  // The button to focus once the list has re-rendered: a moved photo's list item was moved in the DOM.
  const pendingFocus = useRef<{ key: string; action: string } | null>(null);

  const busy = photos.some((photo) => !photo.url && !photo.error);
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
    const item = list.current?.querySelector(`[data-key="${CSS.escape(target.key)}"]`);
    const button = (action: string) => item?.querySelector<HTMLButtonElement>(`button[data-action="${action}"]:not(:disabled)`);
    (button(target.action) ?? button("up") ?? button("down") ?? button("remove"))?.focus();
  });

  const stored = photos.filter((photo) => photo.url);
  // Once the hidden inputs hold the new list, the form may check the photos again.
  const storedUrls = stored.map((photo) => photo.url).join(" ");
  const photosChanged = useRef(onPhotosChange);
  useEffect(() => {
    photosChanged.current = onPhotosChange;
  });
  useEffect(() => photosChanged.current?.(), [storedUrls]);
  // The cover is the first photo that is (or will be) stored.
  const coverKey = photos.find((photo) => !photo.error)?.key;

  function update(key: string, change: Partial<PickedPhoto>) {
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  }

  function add(files: File[]) {
    const room = MAX_PHOTOS - photos.filter((photo) => !photo.error).length;
    const taken = files.slice(0, Math.max(0, room));
    const added = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      return { key: crypto.randomUUID(), label: file.name || "photo", preview, file };
    });
    setPhotos((current) => [...current, ...added.map(({ file: _file, ...photo }) => photo)]);
    const left = files.length - taken.length;
    setAnnouncement(
      [
        added.length ? `Uploading ${added.length === 1 ? added[0].label : `${added.length} photos`}.` : "",
        left ? `At most ${MAX_PHOTOS} photos: ${left} ${left === 1 ? "was" : "were"} left out.` : "",
      ]
        .filter(Boolean)
        .join(" "),
    );
    for (const { key, label, file } of added) {
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
  }

  function move(key: string, to: number, action?: string) {
    const from = photos.findIndex((photo) => photo.key === key);
    if (from < 0 || to < 0 || to >= photos.length || from === to) return;
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo);
    setPhotos(next);
    setAnnouncement(`${photo.label} moved to position ${to + 1} of ${next.length}${to === 0 ? ", the cover" : ""}.`);
    if (action) pendingFocus.current = { key, action };
  }

  function act(key: string, index: number, action: "up" | "down" | "cover" | "remove") {
    if (action === "up") move(key, index - 1, "up");
    else if (action === "down") move(key, index + 1, "down");
    // Once first, Make cover is disabled: the focus goes to Move down.
    else if (action === "cover") move(key, 0, "down");
    else remove(key);
  }

  function remove(key: string) {
    const index = photos.findIndex((photo) => photo.key === key);
    const photo = photos[index];
    uploads.current.get(key)?.abort();
    if (objectUrls.current.delete(photo.preview)) URL.revokeObjectURL(photo.preview);
    const next = photos.filter((candidate) => candidate.key !== key);
    setPhotos(next);
    setAnnouncement(`${photo.label} removed.`);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) pendingFocus.current = { key: neighbour.key, action: "remove" };
  }

  const invalid = Boolean(errors?.length);
  return (
    <div className="@container flex flex-col gap-3">
      <p id="photo-help" className="text-sm text-slate-600">
        1 to {MAX_PHOTOS} photos (JPEG, PNG, WebP or AVIF, up to 5 MiB each). The first is the cover. Drag the thumbnails or use Move up and
        Move down to change the order.
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
          add([...event.dataTransfer.files].filter((file) => file.type.startsWith("image/")));
        }}
        className={`flex flex-col gap-2 rounded-xl border-2 border-dashed p-4 ${dropTarget ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
      >
        <label htmlFor="photo-picker" className="font-medium">
          Add photos
        </label>
        <input
          id="photo-picker"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`photo-help ${errorId}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            add([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 file:mr-4 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-1 file:font-semibold"
        />
        <p className="text-sm text-slate-600">or drop photo files here.</p>
      </div>
      <div id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {errors?.[0]}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {photos.length > 0 && (
        // Columns that never grow to a long file name; two a row only where each has room for its buttons.
        <ol ref={list} aria-label="Chosen photos, cover first" className="grid grid-cols-1 gap-3 @xl:grid-cols-2">
          {photos.map((photo, index) => (
            <li
              key={photo.key}
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
              data-key={photo.key}
              className={`flex gap-3 rounded-xl border bg-white p-2 ${dragged === photo.key ? "border-brand-600 opacity-60" : "border-slate-200"}`}
            >
              <img src={photo.preview} alt="" width={112} height={80} className="h-20 w-28 shrink-0 rounded-lg object-cover" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="truncate text-sm font-semibold">
                  {photo.key === coverKey && <span className="mr-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white">Cover</span>}
                  {photo.label}
                </p>
                {photo.error ? (
                  <p className="text-sm text-red-700">{photo.error}</p>
                ) : photo.url ? (
                  <p className="text-sm text-slate-600">Uploaded</p>
                ) : (
                  <progress aria-label={`Uploading ${photo.label}`} className="w-full" />
                )}
                <div className="flex flex-wrap gap-1">
                  {(
                    [
                      ["up", "Move up", index === 0],
                      ["down", "Move down", index === photos.length - 1],
                      ["cover", "Make cover", index === 0],
                      ["remove", "Remove", false],
                    ] as const
                  ).map(([action, text, disabled]) => (
                    <button
                      key={action}
                      type="button"
                      data-action={action}
                      disabled={disabled}
                      onClick={() => act(photo.key, index, action)}
                      className={smallButtonClass}
                    >
                      {text}
                      <span className="sr-only"> {photo.label}</span>
                    </button>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ol>
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
