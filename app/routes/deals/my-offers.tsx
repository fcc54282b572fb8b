import { OfferList } from "~/components/deals/offer-list";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { privatePageMeta } from "~/lib/shared/meta";
import { answerOffer, loadOffers } from "./offer-pages.server";
import { type Route } from "./+types/my-offers";

export const meta: Route.MetaFunction = () => privatePageMeta("My offers");

export const loader = (args: Route.LoaderArgs) => loadOffers("buyer", args);
export const action = (args: Route.ActionArgs) => answerOffer("buyer", args);

export default function MyOffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, now } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">My offers</h1>
      <p>Offers you made. When a seller counters, you have 48 hours to accept or decline; an accepted price holds for 24 hours.</p>
      <ResultBanner result={actionData} />
      <OfferList offers={list.data} now={now} empty="You have not made any offers yet." />
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Offer pages" />
    </main>
  );
}
