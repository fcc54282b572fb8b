import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx", { id: "home-index" }),
    route("home", "routes/home.tsx"),
    route("blog", "routes/blog.tsx"),
    ...["about", "contact", "jobs", "press-kit"].map((slug) => route(slug, "routes/info.tsx", { id: `info-${slug}` })),
    route("login", "routes/login.tsx"),
    route("login/two-factor", "routes/login-two-factor.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password/:token", "routes/reset-password.tsx"),
    route("verify-email/:token", "routes/verify-email.tsx"),
    route("dev/outbox", "routes/dev-outbox.tsx"),
    route("category/:id", "routes/category.tsx"),
    route("book/:id", "routes/book.tsx"),
    route("report/:id", "routes/report.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  ...prefix("auth/:provider", [
    index("routes/oauth-start.tsx"),
    route("callback", "routes/oauth-callback.tsx"),
  ]),
  route("dashboard", "routes/dashboard-layout.tsx", [
    index("routes/dashboard-home.tsx"),
    route("settings", "routes/account-settings.tsx"),
    route("addproduct", "routes/add-product.tsx"),
    route("myproducts", "routes/my-products.tsx"),
    route("myorders", "routes/my-orders.tsx"),
    route("payment/:id", "routes/payment.tsx"),
    route("allsellers", "routes/admin-users.tsx", { id: "all-sellers" }),
    route("allbuyers", "routes/admin-users.tsx", { id: "all-buyers" }),
    route("reporteditem", "routes/reported-items.tsx"),
    route("addcategory", "routes/add-category.tsx"),
    route("audit", "routes/audit-trail.tsx"),
  ]),
] satisfies RouteConfig;
