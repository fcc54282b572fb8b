import { Link } from "react-router";
import { findCarsToCompare } from "~/.server/services/catalog/compare";
import { PriceRatingBadge } from "~/components/catalog/price-rating-badge";
import { Badge } from "~/components/ui/badge";
import { fuelWord, mileageWords, transmissionWord } from "~/lib/catalog/car-listing";
import { bestValues, comparedIds, type ComparedFact, compareUrl, MAX_COMPARED } from "~/lib/catalog/compare";
import { formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { photoSources } from "~/lib/shared/photo";
import { type Car } from "~/lib/schemas/types";
import { type Route } from "./+types/compare";

// Not for search engines: a comparison is someone's pick of cars, a page per combination.
export const meta: Route.MetaFunction = () => privatePageMeta("Compare cars");

/** Public: up to four cars side by side, named in the URL (`?ids=a,b,c`); a plain page that needs no JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ids, tooMany } = comparedIds(new URL(request.url).searchParams);
  const { cars, missing } = await findCarsToCompare(context.app, ids);
  return { cars, missing, tooMany };
}

const linkClass = "font-semibold text-brand-700 underline";

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { cars, missing, tooMany } = loaderData;
  const ids = cars.map((car) => car._id);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-4 text-title">Compare cars</h1>
      <div className="mb-6 flex flex-col gap-2" role={tooMany || missing > 0 ? "status" : undefined}>
        {tooMany && (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
            You can compare up to {MAX_COMPARED} cars at a time: these are the first {MAX_COMPARED} of those you chose.
          </p>
        )}
        {missing > 0 && (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
            {missing === 1 ? "One of the cars you chose is" : `${missing} of the cars you chose are`} no longer listed (deleted, or the link
            is wrong), so {missing === 1 ? "it is" : "they are"} left out.
          </p>
        )}
        <p className="text-slate-700">
          Press Compare on up to {MAX_COMPARED} cars (on their cards, their pages or your favourites) to see them side by side.{" "}
          <Link to={PATHS.search} className={linkClass}>
            Browse cars
          </Link>
        </p>
      </div>
      {cars.length > 0 && <CompareTable cars={cars} ids={ids} />}
    </main>
  );
}

// Each row's label, its value for a car, and the fact whose best value it marks, if any.
const ROWS: [string, (car: Car) => React.ReactNode, ComparedFact?][] = [
  ["Price", (car) => (car.isPaid ? <Badge>Sold</Badge> : <strong>{formatPrice(car.resalePrice)}</strong>), "price"],
  ["Fair price", (car) => <PriceRatingBadge rating={car.priceRating} />, "priceRating"],
  ["Price new", (car) => formatPrice(car.originalPrice)],
  ["Make", (car) => car.make],
  ["Model", (car) => car.model],
  ["Purchase year", (car) => car.purchaseYear, "year"],
  ["Mileage", (car) => mileageWords(car.mileageKm), "mileage"],
  ["Transmission", (car) => transmissionWord(car.transmission)],
  ["Fuel", (car) => fuelWord(car.fuel)],
  ["Colour", (car) => car.colour],
  ["Condition", (car) => car.condition, "condition"],
  ["Location", (car) => car.location],
  ["Seller", (car) => `${car.seller}${car.sellerVerified ? " (verified)" : ""}`],
];

/**
 * One column per car, one row per fact; the table scrolls inside itself on a phone, never the page.
 * A row's best value is tinted and says "Best" in words, so it is not told by colour alone.
 */
function CompareTable({ cars, ids }: { cars: Car[]; ids: string[] }) {
  const best = bestValues(cars);
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white" role="region" aria-label="Cars side by side" tabIndex={0}>
      <table className="w-full min-w-[36rem] table-fixed border-collapse text-left">
        <caption className="sr-only">The cars you chose, side by side</caption>
        <thead>
          <tr>
            <td className="w-32 p-3" />
            {cars.map((car) => (
              <th key={car._id} scope="col" className="p-3 align-top">
                <img
                  {...photoSources(car.photos[0] ?? { url: car.image, smallUrl: null, width: null, height: null })}
                  sizes="14rem"
                  alt=""
                  className="mb-2 aspect-[8/5] w-full rounded-lg object-cover"
                />
                <Link to={pathTo(PATHS.car, { id: car._id })} className={`${linkClass} break-words`}>
                  {car.productName}
                </Link>
                <Link
                  to={compareUrl(ids.filter((id) => id !== car._id))}
                  aria-label={`Remove ${car.productName} from the comparison`}
                  className="btn btn-secondary btn-md mt-2 w-full"
                >
                  Remove
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([label, value, fact]) => (
            <tr key={label} className="border-t border-slate-200">
              <th scope="row" className="p-3 font-medium text-slate-600">
                {label}
              </th>
              {cars.map((car) => {
                const isBest = fact !== undefined && best[fact].has(car._id);
                return (
                  <td key={car._id} className={`break-words p-3 ${isBest ? "bg-success-50" : ""}`}>
                    {value(car) ?? <span className="text-slate-600">Not given</span>}
                    {isBest && (
                      <span className="ml-2 inline-block">
                        <Badge tone="success">Best</Badge>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
