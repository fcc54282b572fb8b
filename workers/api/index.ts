import { Hono } from "hono";
import { type WorkerEnv } from "../hono-env";
import { jwtApi, usersApi } from "./accounts/accounts";
import { meApi } from "./accounts/me";
import { adminCategoriesApi, adminReportsApi, adminUsersApi } from "./admin/admin";
import { bookingApi, bookingsApi, reportApi } from "./deals/bookings";
import { categoriesApi, imagesApi, carsApi, sellersApi } from "./catalog/catalog";
import { conversationsApi } from "./messages/conversations";
import { adminDealsApi, payoutsApi } from "./deals/deals";
import { conditionalReads } from "./core/conditional-get";
import { devMailApi } from "./notifications/dev-mail";
import { apiError, handleApiError } from "./core/errors";
import { favouritesApi, savedSearchesApi } from "./search/favourites";
import { healthApi } from "./core/health";
import { directUploadsApi } from "./uploads/images";
import { notificationsApi } from "./notifications/notifications";
import { offersApi, carOffersApi } from "./deals/offers";
import { allow } from "./core/auth";
import { apiDocument, doc } from "./core/openapi";
import { renderReference } from "./core/reference";
import { paymentApi } from "./deals/payments";
import { reviewsApi, sellerReviewsApi } from "./catalog/reviews";

/** The REST contract (../shared/api-contract.md), one router per resource. */
export const api = new Hono<WorkerEnv>()
  .use(...conditionalReads)
  .route("/health", healthApi)
  .route("/users", adminUsersApi)
  .route("/users", usersApi)
  .route("/jwt", jwtApi)
  .route("/me", meApi)
  .route("/categories", adminCategoriesApi)
  .route("/categories", categoriesApi)
  .route("/products", carsApi)
  .route("/products", carOffersApi)
  .route("/offers", offersApi)
  .route("/sellers", sellersApi)
  .route("/sellers", sellerReviewsApi)
  .route("/images", imagesApi)
  .route("/images", directUploadsApi)
  .route("/bookings", bookingsApi)
  .route("/booking", bookingApi)
  .route("/report", adminReportsApi)
  .route("/report", reportApi)
  .route("/payment", paymentApi)
  .route("/favourites", favouritesApi)
  .route("/saved-searches", savedSearchesApi)
  .route("/conversations", conversationsApi)
  .route("/notifications", notificationsApi)
  .route("/reviews", reviewsApi)
  .route("/dev/mail", devMailApi)
  .route("/payouts", payoutsApi)
  .route("/admin", adminDealsApi);

// Generated from the routes above and the schemas they validate with, once per Worker instance.
let document: ReturnType<typeof apiDocument> | undefined;
const openApiDocument = () => (document ??= apiDocument(api));
api.get(
  "/openapi.json",
  doc({ summary: "This OpenAPI 3.1 document", tag: "Operations", status: 200, description: "OpenAPI document", media: "application/json" }),
  allow("read:docs"),
  async (c) => c.json(await openApiDocument()),
);
api.get(
  "/reference",
  doc({ summary: "A readable reference of this API (HTML)", tag: "Operations", status: 200, description: "HTML page", media: "text/html" }),
  allow("read:docs"),
  async (c) => c.html(renderReference(await openApiDocument())),
);

api.onError(handleApiError);

// Registered last: any other /api request answers JSON, never a page.
api.all("*", (c) => {
  const path = c.req.path.replace(/^\/api/, "") || "/";
  const allowed = allowedMethods(path);
  if (allowed.length > 0) {
    c.header("Allow", allowed.join(", "));
    return apiError(c, 405, `Method ${c.req.method} is not allowed here`);
  }
  return apiError(c, 404, "Not found");
});

/** The methods some API route accepts for this path (so a wrong method answers 405, not 404). */
function allowedMethods(path: string): string[] {
  const methods = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    const pattern = new RegExp(`^${route.path.replace(/\/:[^/]+/g, "/[^/]+")}/?$`);
    if (pattern.test(path)) methods.add(route.method);
  }
  return [...methods];
}
