import { OfferList } from "~/components/deals/offer-list";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { privatePageMeta } from "~/lib/shared/meta";
import { answerOffer, loadOffers } from "./offer-pages.server";
import { type Route } from "./+types/offers";

export const meta: Route.MetaFunction = () => privatePageMeta("Offers");

export const loader = (args: Route.LoaderArgs) => loadOffers("seller", args);
export const action = (args: Route.ActionArgs) => answerOffer("seller", args);

export default function OffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, now } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">Offers</h1>
      <p>
        Offers buyers made on your cars. Accept, counter (between the offer and your price) or decline within 48 hours; an accepted offer is
        what the buyer pays, within 24 hours.
      </p>
      <ResultBanner result={actionData} />
      <OfferList offers={list.data} now={now} empty="No offers on your cars yet." />
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Offer pages" />
    </main>
  );
}
