import { Form } from "react-router";
import { PATHS } from "~/lib/shared/paths";

const fieldClass = "min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600";

/**
 * Home's search box: keywords, a location and a top price, sent as a GET to /cars (so it works
 * without JavaScript). The locations come from the loader, keeping the schemas out of Home's bundle.
 */
export function HomeSearch({ locations }: { locations: readonly string[] }) {
  return (
    <section aria-labelledby="home-search-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="home-search-heading" className="mb-3 text-xl font-bold sm:mb-4 sm:text-2xl">
        Find your next car
      </h2>
      <Form
        method="get"
        action={PATHS.search}
        role="search"
        // Compact on phones: location and price share a row, so the first cars come sooner.
        className="grid grid-cols-2 gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end md:gap-4"
      >
        <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
          <label htmlFor="home-search-q" className="font-medium">
            Keywords
          </label>
          <input id="home-search-q" type="search" name="q" maxLength={100} placeholder="e.g. Toyota Corolla" className={fieldClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="home-search-location" className="font-medium">
            Location
          </label>
          <select id="home-search-location" name="location" defaultValue="" className={fieldClass}>
            <option value="">Anywhere</option>
            {locations.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="home-search-max-price" className="font-medium">
            Max price ($)
          </label>
          <input id="home-search-max-price" type="number" name="maxPrice" min={0} step={1} inputMode="numeric" className={fieldClass} />
        </div>
        <button type="submit" className="btn btn-primary btn-md col-span-2 md:col-span-1">
          Search cars
        </button>
      </Form>
    </section>
  );
}
