import { showToast } from "../ui/toast";

/**
 * Share: the device's share sheet where there is one, else the link copied with a toast. Without
 * JavaScript it is a plain mailto link with the car's address, which every device can send.
 */
export function ShareCar({ url, title }: { url: string; title: string }) {
  return (
    <a
      href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}
      className="btn btn-secondary btn-md"
      aria-label={`Share ${title}`}
      onClick={(event) => {
        event.preventDefault();
        void share(url, title);
      }}
    >
      Share
    </a>
  );
}

async function share(url: string, title: string) {
  if (navigator.share) {
    // Closing the sheet without sharing rejects: nothing to say then.
    await navigator.share({ title, url }).catch(() => undefined);
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ type: "success", message: "Link copied" });
  } catch {
    showToast({ type: "error", message: `Could not copy the link: ${url}` });
  }
}
