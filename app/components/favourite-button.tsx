import { useFetcher, useLocation } from "react-router";
import { PATHS, pathTo } from "~/lib/paths";

/**
 * The heart on cards and car pages: a form post that works without JavaScript (the action
 * redirects back), and with it a fetcher that shows the new state at once.
 */
export function FavouriteButton({ productId, productName, saved }: { productId: string; productName: string; saved: boolean }) {
  const fetcher = useFetcher<{ saved: boolean }>();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  const label = isSaved ? `Remove ${productName} from favourites` : `Save ${productName}`;
  return (
    <fetcher.Form method="post" action={pathTo(PATHS.favourite, { productId })} className="contents">
      <input type="hidden" name="intent" value={isSaved ? "remove" : "save"} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={isSaved}
        aria-label={label}
        title={label}
        onClick={(event) => {
          // With JavaScript the fetcher posts, with js=1 so the action answers the new state instead of redirecting.
          event.preventDefault();
          const body = new FormData(event.currentTarget.form!);
          body.set("js", "1");
          void fetcher.submit(body, { method: "post", action: pathTo(PATHS.favourite, { productId }) });
        }}
        className="favourite-toggle"
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 5.3 3 1.7-1.9 3.2-3 5.3-3 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
            fill={isSaved ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
    </fetcher.Form>
  );
}
