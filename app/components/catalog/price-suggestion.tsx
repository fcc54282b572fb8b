import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatCount, formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { useHydrated } from "~/lib/shared/use-hydrated";
import { buttonClass } from "../ui/button";

/** A comparable as the suggestion shows it. */
export interface SuggestedComparable {
  _id: string;
  productName: string;
  resalePrice: number;
  purchaseYear: number;
  mileageKm: number | null;
  isPaid: boolean;
}

/** What the price suggestion page's loader answers: the suggestion, or what is missing to make one. */
export type PriceSuggestionAnswer =
  | { status: "suggested"; estimate: number | null; basis: string; comparables: SuggestedComparable[] }
  | { status: "incomplete"; problems: string[] };

/** The estimate, how it was made and the cars it came from (each a link to its page). */
export function PriceSuggestionResult({ answer }: { answer: PriceSuggestionAnswer }) {
  if (answer.status === "incomplete") {
    return (
      <div className="text-slate-800">
        <p className="font-semibold">To suggest a price, fill in:</p>
        <ul className="list-disc pl-5">
          {answer.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-lg">
        {answer.estimate === null ? (
          <span className="font-semibold">No suggestion yet</span>
        ) : (
          <>
            Suggested price <span className="text-2xl font-extrabold text-brand-700">{formatPrice(answer.estimate)}</span>
          </>
        )}
      </p>
      <p className="text-sm text-slate-700">{answer.basis}</p>
      {answer.comparables.length > 0 && (
        <ul aria-label="Comparable cars" className="flex flex-col gap-1 text-sm">
          {answer.comparables.map((car) => (
            <li key={car._id}>
              <Link
                to={pathTo(PATHS.car, { id: car._id })}
                target="_blank"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {car.productName}
              </Link>{" "}
              {car.purchaseYear}
              {car.mileageKm !== null && `, ${formatCount(car.mileageKm)} km`}: {formatPrice(car.resalePrice)}
              {car.isPaid && " (sold)"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The fields a suggestion is made from, as the listing form holds them. */
export interface SuggestionInput {
  make?: string;
  model?: string;
  purchaseYear?: string;
  mileageKm?: string;
}

/**
 * The listing form's "Suggest a price": with JavaScript it asks the suggestion page's loader for the
 * form's make, model, year and mileage and shows the answer under the price; without it, the button
 * sends those fields (and the rest, unused) to the suggestion page in a new tab, leaving the form as filled in.
 */
export function SuggestPrice({ input }: { input: SuggestionInput }) {
  const hydrated = useHydrated();
  // The suggestion page's loader answers `{ asked, answer }`; the form reads the answer.
  const fetcher = useFetcher<{ answer: PriceSuggestionAnswer }>();
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const query = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, value ?? ""])).toString();
  // A change to the facts makes the shown answer stale: it goes until the button is pressed again.
  const asked = askedFor === query;
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <div>
        <button
          type={hydrated ? "button" : "submit"}
          formMethod="get"
          formAction={PATHS.priceSuggestion}
          formTarget="_blank"
          formNoValidate
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setAskedFor(query);
            fetcher.load(`${PATHS.priceSuggestion}?${query}`);
          }}
          aria-describedby="price-suggestion-help"
          className={buttonClass({ variant: "secondary" })}
        >
          Suggest a price
        </button>
      </div>
      <p id="price-suggestion-help" className="text-sm text-slate-600">
        From the make, model, purchase year and mileage, compared with cars of the same make and model listed or sold here.
      </p>
      <div id="price-suggestion-result" role="status" aria-live="polite">
        {asked && fetcher.state !== "idle" && <p>Looking for similar cars…</p>}
        {asked && fetcher.state === "idle" && fetcher.data && <PriceSuggestionResult answer={fetcher.data.answer} />}
      </div>
    </div>
  );
}
