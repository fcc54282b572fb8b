import * as v from "valibot";
import { Form } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { suggestPrice } from "~/.server/services/catalog/price-analysis";
import { type PriceSuggestionAnswer, PriceSuggestionResult } from "~/components/catalog/price-suggestion";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { priceSuggestionSchema } from "~/lib/schemas/catalog";
import { type Route } from "./+types/price-suggestion";

export const meta: Route.MetaFunction = () => privatePageMeta("Price suggestion");

const FIELDS = [
  ["make", "Make"],
  ["model", "Model"],
  ["purchaseYear", "Purchase year"],
  ["mileageKm", "Mileage (km, optional)"],
] as const;

/**
 * A price suggestion for a car about to be listed. The listing form loads it with JavaScript (its
 * data only); without JavaScript the form's button opens this page in a new tab.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "suggest:price");
  const params = new URL(request.url).searchParams;
  const asked = Object.fromEntries(FIELDS.map(([name]) => [name, params.get(name) ?? ""]));
  const parsed = v.safeParse(priceSuggestionSchema, asked);
  if (!parsed.success) {
    const problems = [...new Set(parsed.issues.map((issue) => issue.message))];
    return { asked, answer: { status: "incomplete", problems } satisfies PriceSuggestionAnswer as PriceSuggestionAnswer };
  }
  const suggestion = await suggestPrice(context.app, parsed.output);
  const answer: PriceSuggestionAnswer = {
    status: "suggested",
    estimate: suggestion.estimate,
    basis: suggestion.basis,
    comparables: suggestion.comparables.map(({ _id, productName: carName, resalePrice, purchaseYear, mileageKm, isPaid }) => ({
      _id,
      productName: carName,
      resalePrice,
      purchaseYear,
      mileageKm,
      isPaid,
    })),
  };
  return { asked, answer };
}

/** The listing form's fetcher reads the answer alone. */
export function shouldRevalidate() {
  return false;
}

export default function PriceSuggestion({ loaderData: { asked, answer } }: Route.ComponentProps) {
  return (
    <main id="main" className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Price suggestion</h1>
      <section aria-label="The suggestion" className="card p-5">
        <PriceSuggestionResult answer={answer} />
      </section>
      <Form method="get" className="card grid gap-4 p-5 sm:grid-cols-2">
        <p className="sm:col-span-2">Try other details (your listing form stays as you left it in its own tab):</p>
        {FIELDS.map(([name, label]) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`suggest-${name}`} className="font-medium">
              {label}
            </label>
            <input
              id={`suggest-${name}`}
              name={name}
              defaultValue={asked[name]}
              inputMode={name === "make" || name === "model" ? undefined : "numeric"}
              className={inputClass}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass()}>
            Suggest a price
          </button>
        </div>
      </Form>
    </main>
  );
}
