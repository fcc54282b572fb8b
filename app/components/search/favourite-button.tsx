import { useFetcher, useLocation } from "react-router";
import { PATHS, pathTo } from "~/lib/shared/paths";

/**
 * The heart on cards and car pages: a form post that works without JavaScript (the action
 * redirects back), and with it a fetcher that shows the new state at once. The heart is drawn by
 * app.css's `.favourite-toggle`, filled while `aria-pressed`.
 */
export function FavouriteButton({ carId, carName, saved }: { carId: string; carName: string; saved: boolean }) {
  const fetcher = useFetcher<{ saved: boolean }>();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  const action = pathTo(PATHS.favourite, { productId: carId });
  const label = isSaved ? `Remove ${carName} from favourites` : `Save ${carName}`;
  return (
    // A plain form: with JavaScript the button's click posts through the fetcher, so a fetcher.Form's
    // own work on every render bought nothing (its route is found when it first posts).
    <form method="post" action={action} className="contents">
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {/* The button carries the intent (a form sends its submit button's name and value). */}
      <button
        type="submit"
        name="intent"
        value={isSaved ? "remove" : "save"}
        aria-pressed={isSaved}
        aria-label={label}
        title={label}
        onClick={(event) => {
          // With JavaScript the fetcher posts, with js=1 so the action answers the new state instead of redirecting.
          event.preventDefault();
          const body = new FormData(event.currentTarget.form!, event.currentTarget);
          body.set("js", "1");
          void fetcher.submit(body, { method: "post", action });
        }}
        className="favourite-toggle"
      />
    </form>
  );
}
