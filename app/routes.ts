import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { below, INFO_PAGES, PATHS } from "./lib/shared/paths";

// The URLs come from app/lib/shared/paths.ts; each child's path is written relative to its parent's.
const top = (path: string) => below("/", path);
const dashboard = (path: string) => below(PATHS.dashboard, path);

/** The app's pages: all that `npm run build` serves. */
const carRoutes = [
  layout("routes/site/public-layout.tsx", [
    index("routes/site/home.tsx", { id: "home-index" }),
    route(top(PATHS.homeAlias), "routes/site/home.tsx"),
    route(top(PATHS.blog), "routes/site/blog.tsx"),
    ...INFO_PAGES.map((slug) => route(slug, "routes/site/info.tsx", { id: `info-${slug}` })),
    route(top(PATHS.login), "routes/accounts/login.tsx"),
    route(top(PATHS.loginTwoFactor), "routes/accounts/login-two-factor.tsx"),
    route(top(PATHS.register), "routes/accounts/register.tsx"),
    route(top(PATHS.forgotPassword), "routes/accounts/forgot-password.tsx"),
    route(top(PATHS.resetPassword), "routes/accounts/reset-password.tsx"),
    route(top(PATHS.verifyEmail), "routes/accounts/verify-email.tsx"),
    route(top(PATHS.confirmEmailChange), "routes/accounts/confirm-email-change.tsx"),
    route(top(PATHS.devOutbox), "routes/notifications/dev-outbox.tsx"),
    route(top(PATHS.categories), "routes/catalog/categories.tsx"),
    route(top(PATHS.category), "routes/search/category.tsx"),
    route(top(PATHS.search), "routes/search/search.tsx"),
    route(top(PATHS.car), "routes/catalog/car.tsx"),
    route(top(PATHS.seller), "routes/catalog/seller.tsx"),
    route(top(PATHS.book), "routes/deals/book.tsx"),
    route(top(PATHS.compare), "routes/catalog/compare.tsx"),
    route(top(PATHS.report), "routes/catalog/report.tsx"),
    route(top(PATHS.messageSeller), "routes/messages/message-seller.tsx"),
    route(top(PATHS.makeOffer), "routes/deals/make-offer.tsx"),
    route(top(PATHS.unsubscribe), "routes/notifications/unsubscribe.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route(top(PATHS.logout), "routes/accounts/logout.tsx"),
  route(top(PATHS.favourite), "routes/search/favourite.tsx"),
  ...prefix(top(PATHS.oauthStart), [
    index("routes/accounts/oauth-start.tsx"),
    route(below(PATHS.oauthStart, PATHS.oauthCallback), "routes/accounts/oauth-callback.tsx"),
  ]),
  route(top(PATHS.dashboard), "routes/site/dashboard-layout.tsx", [
    index("routes/site/dashboard-home.tsx"),
    route(dashboard(PATHS.settings), "routes/accounts/account-settings.tsx"),
    route(dashboard(PATHS.addCar), "routes/catalog/add-car.tsx"),
    route(dashboard(PATHS.myCars), "routes/catalog/my-cars.tsx"),
    route(dashboard(PATHS.editCar), "routes/catalog/edit-car.tsx"),
    route(dashboard(PATHS.carStatistics), "routes/catalog/car-statistics.tsx"),
    route(dashboard(PATHS.priceSuggestion), "routes/catalog/price-suggestion.tsx"),
    route(dashboard(PATHS.myOrders), "routes/deals/my-orders.tsx"),
    route(dashboard(PATHS.receipt), "routes/deals/receipt.tsx"),
    route(dashboard(PATHS.payment), "routes/deals/payment.tsx"),
    route(dashboard(PATHS.allSellers), "routes/admin/admin-users.tsx", { id: "all-sellers" }),
    route(dashboard(PATHS.allBuyers), "routes/admin/admin-users.tsx", { id: "all-buyers" }),
    route(dashboard(PATHS.reportedItems), "routes/admin/reported-items.tsx"),
    route(dashboard(PATHS.flags), "routes/admin/flags.tsx"),
    route(dashboard(PATHS.addCategory), "routes/admin/add-category.tsx"),
    route(dashboard(PATHS.audit), "routes/admin/audit-trail.tsx"),
    route(dashboard(PATHS.emailProblems), "routes/admin/email-problems.tsx"),
    route(dashboard(PATHS.favourites), "routes/search/favourites.tsx"),
    route(dashboard(PATHS.savedSearches), "routes/search/saved-searches.tsx"),
    route(dashboard(PATHS.notifications), "routes/notifications/notifications.tsx"),
    route(dashboard(PATHS.messages), "routes/messages/messages.tsx"),
    route(dashboard(PATHS.messageThread), "routes/messages/message-thread.tsx"),
    route(dashboard(PATHS.receivedBookings), "routes/deals/received-bookings.tsx"),
    route(dashboard(PATHS.sales), "routes/deals/sales.tsx"),
    route(dashboard(PATHS.offers), "routes/deals/offers.tsx"),
    route(dashboard(PATHS.myOffers), "routes/deals/my-offers.tsx"),
    route(dashboard(PATHS.payouts), "routes/deals/payouts.tsx"),
    route(dashboard(PATHS.payoutsSimulator), "routes/deals/payouts-simulator.tsx"),
    route(dashboard(PATHS.disputes), "routes/deals/disputes.tsx"),
    route(dashboard(PATHS.money), "routes/admin/money.tsx"),
    route(dashboard(PATHS.moneyProblems), "routes/admin/money-problems.tsx"),
  ]),
] satisfies RouteConfig;

// Only the bench's build (scripts/bench/build.ts) adds its own pages, from app/bench/routes.ts.
export default process.env.BENCH_RENDER_ONLY === "1" ? (await import("./bench/routes")).withRenderOnlyPages(carRoutes) : carRoutes;
