import { Link, useLocation } from "react-router";
import { orPageError } from "~/.server/web/page-errors";
import { findCarPage } from "~/.server/services/site/car-page";
import { analyseCarPrice } from "~/.server/services/catalog/price-analysis";
import { markOwnCarView } from "~/.server/services/catalog/car-views";
import { viewerCarActionsOnPage } from "~/.server/services/catalog/viewer-car-actions";
import { personalPageQueryFor } from "~/.server/services/site/personal-page-data";
import { getSessionUser } from "~/.server/auth/guards";
import { findOwnDeal } from "~/.server/services/deals/bookings";
import { BookedBy } from "~/components/deals/booked-by";
import { noteCarVisit } from "~/.server/services/search/recently-viewed";
import { CompareToggle } from "~/components/catalog/compare-toggle";
import { PaymentCalculator } from "~/components/catalog/payment-calculator";
import { RecentlyViewed } from "~/components/search/recently-viewed";
import { ShareCar } from "~/components/catalog/share-car";
import { OrderDeal } from "~/components/deals/order-deal";
import { CarGallery } from "~/components/catalog/car-gallery";
import { ContactActions, PRICE_BOX_ID, StickyCarBar } from "~/components/catalog/car-contact";
import { FavouriteButton } from "~/components/search/favourite-button";
import { MessageSeller } from "~/components/messages/message-seller";
import { PriceEvidence } from "~/components/catalog/price-evidence";
import { PriceRatingBadge } from "~/components/catalog/price-rating-badge";
import { CarActions } from "~/components/catalog/car-actions";
import { BUYER_PROTECTION } from "~/content/deal";
import { CarGrid } from "~/components/catalog/car-grid";
import { ButtonLink } from "~/components/ui/button";
import { VerifiedBadge } from "~/components/catalog/seller-badge";
import { SellerRatingSummary } from "~/components/catalog/seller-rating";
import {
  carHeadline,
  carJsonLd,
  carSummary,
  dropSentence,
  fuelWord,
  latestDrop,
  mileageWords,
  priceChanges,
  transmissionWord,
} from "~/lib/catalog/car-listing";
import { toCarCardData } from "~/lib/catalog/car-card-data";
import { formatDate, formatMonth, formatPrice } from "~/lib/shared/format";
import { pageTitle } from "~/lib/shared/meta";
import { openGraph } from "~/lib/shared/open-graph";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { postedDate, yearsUsed } from "~/lib/catalog/car-derived";
import { type CarDetail } from "~/lib/schemas/types";
import { OPEN_BOOKING_PARAM } from "~/lib/accounts/redirects";
import { actionsFor, type CarActionsState } from "~/lib/catalog/viewer-car-actions";
import { sameMaker } from "~/lib/catalog/vin";
import { usePersonalPageData, useRecentCars, useViewerCarActions } from "~/lib/site/personal-page-data";
import { type Route } from "./+types/car";

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: pageTitle(carHeadline(data.car)) },
        ...openGraph({
          title: carHeadline(data.car),
          description: carSummary(data.car),
          url: data.url,
          image: `${data.origin}${data.car.image}`,
        }),
      ]
    : [{ title: pageTitle("Car") }];

/** Public: anyone may look at a car, sold ones too (they stay for the record, without booking). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.app;
  const { car, similar, sellerSince, bookedBy } = await orPageError(() => findCarPage(ctx, params.id));
  // Not awaited: the page renders without it and the panel streams in (one more round trip, in parallel).
  const priceAnalysis = analyseCarPrice(ctx, car);
  const shownIds = [car._id, ...similar.map((car) => car._id)];
  const user = await getSessionUser(ctx, request);
  // The viewer's actions on the cars shown and own purchase of this car (what comes next), in one
  // round; a signed-in visit is noted in it too (their recently viewed cars come back with it).
  const [carActions, deal, recent] = await Promise.all([
    viewerCarActionsOnPage(ctx, user, shownIds),
    user ? findOwnDeal(ctx, user.id, car._id) : null,
    user ? noteCarVisit(ctx, user.id, car._id) : null,
  ]);
  // Its seller sees Edit and the car's figures instead of Book and Report; their look is not a view.
  const own = user !== null && user.id === car.sellerId;
  if (own) markOwnCarView(ctx);
  const origin = ctx.publicOrigin;
  const url = `${origin}${pathTo(PATHS.car, { id: car._id })}`;
  const decodedMaker = car.vinDecoded?.manufacturer;
  return {
    car,
    own,
    deal,
    bookedBy,
    recent,
    similar: similar.map(toCarCardData),
    sellerSince,
    carActions,
    personalPageQuery: personalPageQueryFor(ctx, { cars: shownIds, car: car._id }),
    priceAnalysis,
    // Decided here so the makers' table stays out of the browser's bundle.
    vinSays: decodedMaker && car.make && !sameMaker(decodedMaker, car.make) ? decodedMaker : null,
    jsonLd: carJsonLd(car, url, origin),
    url,
    origin,
    now: ctx.now().toISOString(),
  };
}

export default function CarPage({ loaderData }: Route.ComponentProps) {
  const { car, similar, sellerSince, vinSays, jsonLd } = loaderData;
  const now = new Date(loaderData.now);
  // (Not useSearchParams: it would add its code to every page's shared bundle, Home's too.)
  const { search } = useLocation();
  // On the copy rendered for every signed-in visitor, their personal data once loaded (app/lib/site/personal-page-data.tsx).
  const personal = usePersonalPageData(loaderData);
  const carActions = useViewerCarActions(loaderData);
  const own = personal?.car?.own ?? loaderData.own;
  const deal = personal?.car ? personal.car.deal : loaderData.deal;
  const recent = useRecentCars(loaderData);
  const actions = actionsFor(carActions, car._id);
  return (
    // Room at the bottom on phones for the sticky bar.
    <main id="main" className="mx-auto max-w-7xl px-4 pt-6 pb-24 sm:pt-8 lg:pb-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="mb-4 flex flex-wrap items-center gap-3 sm:mb-6">
        <h1 className="min-w-0 break-words text-2xl font-bold sm:text-3xl">{car.productName}</h1>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">{car.condition}</span>
        {car.isPaid && <span className="rounded-full bg-slate-800 px-3 py-1 text-sm font-bold uppercase text-white">Sold</span>}
        <FavouriteButton carId={car._id} carName={car.productName} saved={carActions.favouriteIds.includes(car._id)} />
        <ShareCar url={loaderData.url} title={car.productName} />
        <CompareToggle carId={car._id} carName={car.productName} />
      </div>
      {/* Phone first: the price, its rating and the buttons come right after the photos, then the
          seller; description and facts follow. On large screens those two stay under the photos and
          the price, evidence and seller make a column beside them. */}
      <div className="grid grid-cols-1 gap-6 sm:gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="min-w-0 lg:col-start-1">
          <CarGallery photos={car.photos} name={car.productName} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          {deal && (
            <section aria-labelledby="purchase-heading" className={boxClass}>
              <h2 id="purchase-heading" className="mb-3 text-xl font-bold">
                Your purchase
              </h2>
              <OrderDeal bookingId={deal.bookingId} carName={car.productName} payment={deal.payment} />
            </section>
          )}
          <PriceBox
            car={car}
            actions={actions}
            openBooking={new URLSearchParams(search).has(OPEN_BOOKING_PARAM)}
            bookedBy={loaderData.bookedBy}
            own={own}
          />
          <SellerBox car={car} sellerSince={sellerSince} />
          <PriceEvidence analysis={loaderData.priceAnalysis} price={car.resalePrice} className={boxClass} />
        </div>
        <section aria-labelledby="description-heading" className="min-w-0 lg:col-start-1">
          <h2 id="description-heading" className="mb-3 text-xl font-bold">
            Description
          </h2>
          <p className="whitespace-pre-line break-words text-slate-800">{car.productDescription}</p>
        </section>
        <div className="min-w-0 lg:col-start-1">
          <Facts car={car} vinSays={vinSays} now={now} />
        </div>
        {!car.isPaid && (
          <div className="min-w-0 lg:col-start-1">
            <PaymentCalculator price={car.resalePrice} />
          </div>
        )}
      </div>
      {!own && <StickyCarBar car={car} actions={actions} />}
      <div className="mt-12">
        <RecentlyViewed cars={recent} current={car} />
      </div>
      {similar.length > 0 && (
        <section aria-labelledby="similar-heading" className="mt-12">
          <h2 id="similar-heading" className="mb-6 text-2xl font-bold">
            Similar cars
          </h2>
          <CarGrid cars={similar} now={now} carActions={carActions} />
        </section>
      )}
    </main>
  );
}

const boxClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

function PriceBox({
  car,
  actions,
  openBooking,
  bookedBy,
  own,
}: {
  car: CarDetail;
  actions: CarActionsState;
  openBooking: boolean;
  bookedBy: number;
  own: boolean;
}) {
  const changes = priceChanges(car.priceHistory);
  const drop = latestDrop(changes);
  return (
    <section id={PRICE_BOX_ID} aria-labelledby="price-heading" className={boxClass}>
      <h2 id="price-heading" className="sr-only">
        Price
      </h2>
      {car.isPaid ? (
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-3">
            <span className="text-3xl font-extrabold text-slate-800">Sold</span>
            <PriceRatingBadge rating={car.priceRating} />
          </p>
          <p className="text-slate-700">
            This car was sold for {formatPrice(car.resalePrice)}. It can no longer be booked; the page stays for the record.
          </p>
          {own && (
            <div className="mt-2 flex flex-wrap gap-2">
              <OwnerActions car={car} />
            </div>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-3">
            <span className="text-4xl font-extrabold text-brand-700">{formatPrice(car.resalePrice)}</span>
            <PriceRatingBadge rating={car.priceRating} />
          </p>
          <p className="text-slate-700">
            Price new <span className="font-medium">{formatPrice(car.originalPrice)}</span>
          </p>
          {drop && (
            <p className="inline-flex items-center gap-1 self-start rounded-lg bg-emerald-50 px-3 py-1 font-semibold text-emerald-800">
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
                <path d="M12 4v16M5 13l7 7 7-7" />
              </svg>
              {dropSentence(drop)}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {own ? (
              <OwnerActions car={car} />
            ) : (
              <>
                <CarActions car={car} {...actions} openBooking={openBooking} />
                <ContactActions car={car} />
              </>
            )}
          </div>
          {actions.payBookingId && <p className="font-semibold">You booked this car: pay now to get it.</p>}
          {!own && <p className="text-sm text-slate-700">{BUYER_PROTECTION}</p>}
          <BookedBy count={bookedBy} />
        </div>
      )}
      {changes.length > 1 && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="mb-2 font-semibold">Price history</h3>
          <ol className="flex flex-col gap-1 text-sm">
            {changes.map((change) => (
              <li key={`${change.changedAt}-${change.price}`} className="flex flex-wrap justify-between gap-x-4">
                <time dateTime={change.changedAt} className="text-slate-600">
                  {formatDate(change.changedAt)}
                </time>
                <span>
                  {change.change === null ? "Listed at " : ""}
                  <span className="font-semibold">{formatPrice(change.price)}</span>
                  {change.change !== null && change.change !== 0 && (
                    <span className={change.change < 0 ? "text-emerald-800" : "text-slate-700"}>
                      {" "}
                      ({change.change < 0 ? "down" : "up"} {formatPrice(Math.abs(change.change))})
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** What a seller does with their own car: change it (while unsold) and see how it is doing. */
function OwnerActions({ car }: { car: CarDetail }) {
  return (
    <>
      {!car.isPaid && (
        <ButtonLink to={pathTo(PATHS.editCar, { id: car._id })} aria-label={`Edit ${car.productName}`}>
          Edit
        </ButtonLink>
      )}
      <ButtonLink to={pathTo(PATHS.carStatistics, { id: car._id })} variant="secondary" aria-label={`Statistics of ${car.productName}`}>
        Statistics
      </ButtonLink>
    </>
  );
}

function SellerBox({ car, sellerSince }: { car: CarDetail; sellerSince: string | null }) {
  return (
    <section aria-labelledby="seller-heading" className={`${boxClass} flex flex-col gap-3`}>
      <h2 id="seller-heading" className="text-xl font-bold">
        Seller
      </h2>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 break-words text-lg font-semibold">{car.seller}</span>
        <SellerRatingSummary rating={car.sellerRating} />
      </p>
      {car.sellerVerified && <VerifiedBadge />}
      {sellerSince && <p className="text-slate-700">Member since {formatMonth(sellerSince)}</p>}
      <p>
        Call{" "}
        <a href={`tel:${car.mobile.replace(/[^\d+]/g, "")}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {car.mobile}
        </a>
      </p>
      <MessageSeller car={car} />
      {car.sellerId && sellerSince && (
        <Link
          to={pathTo(PATHS.seller, { id: car.sellerId })}
          className="inline-flex min-h-11 items-center self-start rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
        >
          More from {car.seller}
        </Link>
      )}
    </section>
  );
}

function Facts({ car, vinSays, now }: { car: CarDetail; vinSays: string | null; now: Date }) {
  const decoded = car.vinDecoded;
  const facts: [string, React.ReactNode][] = [
    [
      "Make",
      car.make && (
        <>
          {car.make}
          {vinSays && (
            <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">VIN says: {vinSays}</span>
          )}
        </>
      ),
    ],
    ["Model", car.model],
    ["Purchase year", car.purchaseYear],
    ["Years used", yearsUsed(car.purchaseYear, now)],
    ["Mileage", mileageWords(car.mileageKm)],
    ["Transmission", transmissionWord(car.transmission)],
    ["Fuel", fuelWord(car.fuel)],
    ["Colour", car.colour],
    ["Location", car.location],
    ["Condition", car.condition],
    ["Posted", <time dateTime={car.createdDate}>{postedDate(car.createdDate)}</time>],
    // A VIN is read (and compared) as one string: never broken over two lines.
    ["VIN", car.vin && <span className="font-mono whitespace-nowrap">{car.vin}</span>],
    ["VIN manufacturer", decoded?.manufacturer],
    ["VIN region", decoded?.region],
    ["VIN model year", decoded?.modelYear],
  ];
  return (
    <section aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="mb-3 text-xl font-bold">
        Facts
      </h2>
      <dl
        className={`${boxClass} grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]`}
      >
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            {/* On phones the VIN takes a row of its own under its label, so it fits on one line. */}
            <dt className={label === "VIN" ? "text-slate-600 max-sm:col-span-2" : "text-slate-600"}>{label}</dt>
            <dd className={label === "VIN" ? "font-medium max-sm:col-span-2" : "font-medium"}>
              {value === null || value === undefined || value === "" ? <span className="text-slate-600">Not given</span> : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
