import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { below, INFO_PAGES, PATHS } from "./lib/paths";

// The URLs come from app/lib/paths.ts; each child's path is written relative to its parent's.
const top = (path: string) => below("/", path);
const dashboard = (path: string) => below(PATHS.dashboard, path);

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx", { id: "home-index" }),
    route(top(PATHS.homeAlias), "routes/home.tsx"),
    route(top(PATHS.blog), "routes/blog.tsx"),
    ...INFO_PAGES.map((slug) => route(slug, "routes/info.tsx", { id: `info-${slug}` })),
    route(top(PATHS.login), "routes/login.tsx"),
    route(top(PATHS.loginTwoFactor), "routes/login-two-factor.tsx"),
    route(top(PATHS.register), "routes/register.tsx"),
    route(top(PATHS.forgotPassword), "routes/forgot-password.tsx"),
    route(top(PATHS.resetPassword), "routes/reset-password.tsx"),
    route(top(PATHS.verifyEmail), "routes/verify-email.tsx"),
    route(top(PATHS.devOutbox), "routes/dev-outbox.tsx"),
    route(top(PATHS.categories), "routes/categories.tsx"),
    route(top(PATHS.category), "routes/category.tsx"),
    route(top(PATHS.search), "routes/search.tsx"),
    route(top(PATHS.car), "routes/car.tsx"),
    route(top(PATHS.seller), "routes/seller.tsx"),
    route(top(PATHS.book), "routes/book.tsx"),
    route(top(PATHS.report), "routes/report.tsx"),
    route(top(PATHS.messageSeller), "routes/message-seller.tsx"),
    route(top(PATHS.unsubscribe), "routes/unsubscribe.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route(top(PATHS.logout), "routes/logout.tsx"),
  route(top(PATHS.favourite), "routes/favourite.tsx"),
  ...prefix(top(PATHS.oauthStart), [
    index("routes/oauth-start.tsx"),
    route(below(PATHS.oauthStart, PATHS.oauthCallback), "routes/oauth-callback.tsx"),
  ]),
  route(top(PATHS.dashboard), "routes/dashboard-layout.tsx", [
    index("routes/dashboard-home.tsx"),
    route(dashboard(PATHS.settings), "routes/account-settings.tsx"),
    route(dashboard(PATHS.addProduct), "routes/add-product.tsx"),
    route(dashboard(PATHS.myProducts), "routes/my-products.tsx"),
    route(dashboard(PATHS.editProduct), "routes/edit-product.tsx"),
    route(dashboard(PATHS.myOrders), "routes/my-orders.tsx"),
    route(dashboard(PATHS.payment), "routes/payment.tsx"),
    route(dashboard(PATHS.allSellers), "routes/admin-users.tsx", { id: "all-sellers" }),
    route(dashboard(PATHS.allBuyers), "routes/admin-users.tsx", { id: "all-buyers" }),
    route(dashboard(PATHS.reportedItems), "routes/reported-items.tsx"),
    route(dashboard(PATHS.flags), "routes/flags.tsx"),
    route(dashboard(PATHS.addCategory), "routes/add-category.tsx"),
    route(dashboard(PATHS.audit), "routes/audit-trail.tsx"),
    route(dashboard(PATHS.emailProblems), "routes/email-problems.tsx"),
    route(dashboard(PATHS.favourites), "routes/favourites.tsx"),
    route(dashboard(PATHS.savedSearches), "routes/saved-searches.tsx"),
    route(dashboard(PATHS.notifications), "routes/notifications.tsx"),
    route(dashboard(PATHS.messages), "routes/messages.tsx"),
    route(dashboard(PATHS.messageThread), "routes/message-thread.tsx"),
  ]),
] satisfies RouteConfig;
