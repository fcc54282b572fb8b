import { data, useLocation } from "react-router";
import { getSessionUser, requireUser } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formResult, orPageError, redirectWithToast } from "~/.server/web/page-errors";
import { answerReview, listSellerReviews, removeReview } from "~/.server/services/catalog/reviews";
import { listSellerCarsForSale } from "~/.server/services/catalog/sellers";
import { viewerCarActionsOnPage } from "~/.server/services/catalog/viewer-car-actions";
import { CarGrid } from "~/components/catalog/car-grid";
import { VerifiedBadge } from "~/components/catalog/seller-badge";
import { SellerRatingSummary } from "~/components/catalog/seller-rating";
import { SellerReviews } from "~/components/catalog/seller-reviews";
import { SimplePager } from "~/components/ui/simple-pager";
import { formatCars, formatMonth } from "~/lib/shared/format";
import { toCarCardData } from "~/lib/catalog/car-card-data";
import { pageFromUrl } from "~/lib/shared/list-query";
import { pageTitle } from "~/lib/shared/meta";
import { openGraph } from "~/lib/shared/open-graph";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { roleMay } from "~/lib/accounts/policy";
import { answerReviewFormSchema, removeReviewFormSchema } from "~/lib/schemas/catalog";
import { type Route } from "./+types/seller";

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: pageTitle(`${data.seller.name}, seller`) },
        ...openGraph({
          title: `${data.seller.name} on Auto Reseller`,
          description: `Used cars for sale by ${data.seller.name}${data.seller.verify ? ", a verified seller," : ""} on Auto Reseller: ${data.seller.forSale} for sale, ${data.seller.sold} sold.`,
          url: data.url,
          image: data.cars[0] ? `${data.origin}${data.cars[0].photo.url}` : undefined,
        }),
      ]
    : [{ title: pageTitle("Seller") }];

const REVIEWS_PAGE_SIZE = 10;

/**
 * Public: a seller's profile, their cars for sale and their reviews, each list a page at a time
 * (`?page=`, `?reviews=`). The seller may answer reviews, admins remove them (after `?confirm=`).
 * Not a seller → 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.app;
  const page = pageFromUrl(request.url);
  const [result, reviews, viewer] = await Promise.all([
    orPageError(() => listSellerCarsForSale(ctx, params.id, page)),
    orPageError(() => listSellerReviews(ctx, params.id, pageFromUrl(request.url, "reviews"), REVIEWS_PAGE_SIZE)),
    getSessionUser(ctx, request),
  ]);
  const mayRemove = !!viewer && roleMay(viewer.role, "remove:review");
  const confirmId = new URL(request.url).searchParams.get("confirm");
  const origin = ctx.publicOrigin;
  const carActions = await viewerCarActionsOnPage(
    ctx,
    viewer,
    result.cars.map((car) => car._id),
  );
  return {
    ...result,
    cars: result.cars.map(toCarCardData),
    page,
    reviews,
    mayAnswer: viewer?.id === params.id,
    mayRemove,
    confirm: mayRemove && reviews.data.some((review) => review._id === confirmId) ? confirmId : null,
    carActions,
    origin,
    url: `${origin}${pathTo(PATHS.seller, { id: params.id })}`,
    now: ctx.now().toISOString(),
  };
}

type ReviewAnswer = { reviewId: string; ok: false; message: string };

/** The seller answers one of their reviews, or an admin removes one; the services check who may. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context.app, request);
  const form = await readFormBody(request);
  const submission = parseForm(form, form.get("intent") === "remove" ? removeReviewFormSchema : answerReviewFormSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {})[0]?.[0] ?? "That action is not available";
    return data<ReviewAnswer>({ reviewId: String(form.get("id") ?? ""), ok: false, message }, { status: 400 });
  }
  const input = submission.value;
  // Back to the same page of reviews, the confirmation closed.
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  const back = `${pathTo(PATHS.seller, { id: params.id })}${url.search}`;
  return formResult(
    async () => {
      if (input.intent === "answer") {
        await answerReview(context.app, user, input.id, input.text);
        throw redirectWithToast(context.app, back, { type: "success", message: "Your answer is posted" });
      }
      await removeReview(context.app, user, input.id);
      throw redirectWithToast(context.app, back, { type: "success", message: "Review removed" });
    },
    { reviewId: input.id },
  );
}

export default function SellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, cars, total, page, totalPages, reviews } = loaderData;
  const now = new Date(loaderData.now);
  const location = useLocation();
  const linkWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const search = params.toString();
    return search ? `?${search}` : location.pathname;
  };
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <section
        aria-labelledby="seller-name"
        className="mb-10 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Seller</p>
        <h1 id="seller-name" className="break-words text-3xl font-bold">
          {seller.name}
        </h1>
        {seller.verify && <VerifiedBadge />}
        <a href="#reviews" className="inline-flex min-h-11 items-center self-start">
          <SellerRatingSummary rating={seller.rating} empty={<span className="text-sm text-slate-600">No reviews yet</span>} />
        </a>
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          <div>
            <dt className="text-sm text-slate-600">Member since</dt>
            <dd className="font-semibold">
              <time dateTime={seller.memberSince}>{formatMonth(seller.memberSince)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">For sale</dt>
            <dd className="font-semibold">{seller.forSale}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Sold</dt>
            <dd className="font-semibold">{seller.sold}</dd>
          </div>
        </dl>
      </section>
      <h2 className="mb-6 text-2xl font-bold">{`${formatCars(total)} for sale`}</h2>
      {cars.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-lg">This seller has no cars for sale right now.</p>
      ) : (
        <CarGrid cars={cars} now={now} carActions={loaderData.carActions} eager />
      )}
      <SimplePager
        page={page}
        totalPages={totalPages}
        label={`Pages of ${seller.name}'s cars`}
        href={(target) => linkWith({ page: String(target), confirm: null })}
      />
      <SellerReviews
        sellerName={seller.name}
        reviews={reviews}
        actions={{
          mayAnswer: loaderData.mayAnswer,
          mayRemove: loaderData.mayRemove,
          confirm: loaderData.confirm,
          refusal: actionData && !actionData.ok ? actionData : null,
          linkWith,
        }}
      />
    </main>
  );
}
