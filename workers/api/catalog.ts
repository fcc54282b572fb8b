import { Hono } from "hono";
import * as v from "valibot";
import { Invalid, PayloadTooLarge, UnsupportedMediaType } from "~/.server/errors";
import { listCategories } from "~/.server/services/categories";
import {
  advertiseProduct,
  createProduct,
  deleteProduct,
  listAdvertisedProducts,
  listCategoryProducts,
  listSellerProducts,
} from "~/.server/services/products";
import { MAX_IMAGE_BYTES, storeImage } from "~/.server/storage/images";
import { pageQuerySchema } from "~/lib/list-query";
import { productApiSchema } from "~/lib/schemas/catalog";
import { emailField } from "~/lib/schemas/fields";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { assertSelfOrAdmin, requireApiRole, requireApiUser } from "./auth";
import { parseInput, readJson } from "./json-body";



export const categoriesApi = new Hono<WorkerEnv>()
  .get("/", doc({ summary: "All categories, by name", tag: "Catalog", access: "public", status: 200, description: "[Category]" }), async (c) => c.json(await listCategories(c.var.app)))
  // A category's cars for sale, newest first; `page`/`limit` (≤ 100) page through big categories.
  .get("/:id", doc({ summary: "A category's cars for sale, newest first", tag: "Catalog", access: "user", query: pageQuerySchema, status: 200, description: "[Product]" }), async (c) => {
    await requireApiUser(c);
    const { page, limit } = parseInput(pageQuerySchema, c.req.query());
    const { products } = await listCategoryProducts(c.var.app, c.req.param("id"), page, limit);
    return c.json(products);
  });

export const productsApi = new Hono<WorkerEnv>()
  .get("/advertisement", doc({ summary: "Advertised cars for sale, newest first", tag: "Catalog", access: "public", status: 200, description: "[Product]" }), async (c) => c.json(await listAdvertisedProducts(c.var.app)))
  .get("/seller/:email", doc({ summary: "A seller's cars, sold ones included", tag: "Catalog", access: "self or admin", status: 200, description: "[Product]" }), async (c) => {
    const caller = await requireApiRole(c, "seller", "admin");
    const { email } = parseInput(v.object({ email: emailField }), { email: c.req.param("email") });
    assertSelfOrAdmin(caller, email);
    return c.json(await listSellerProducts(c.var.app, email));
  })
  .post("/add", doc({ summary: "List a car (seller, email, date and flags are set by the server)", tag: "Catalog", access: "seller", body: productApiSchema, status: 201, description: "Created: { acknowledged, insertedId }" }), async (c) => {
    const seller = await requireApiRole(c, "seller");
    const id = await createProduct(c.var.app, seller, await readJson(c, productApiSchema));
    return c.json({ acknowledged: true, insertedId: id }, 201);
  })
  .patch("/advertisement/:id", doc({ summary: "Advertise a car on Home (one way)", tag: "Catalog", access: "owner", status: 200, description: "{ acknowledged, modifiedCount }" }), async (c) => {
    const user = await requireApiUser(c);
    return c.json({ acknowledged: true, modifiedCount: await advertiseProduct(c.var.app, user, c.req.param("id")) });
  })
  .delete("/:id", doc({ summary: "Delete an unsold car with its reports and unpaid bookings", tag: "Catalog", access: "owner or admin", status: 200, description: "{ acknowledged, deletedCount }" }), async (c) => {
    const user = await requireApiUser(c);
    return c.json({ acknowledged: true, deletedCount: await deleteProduct(c.var.app, user, c.req.param("id")) });
  });

// Multipart overhead allowed on top of the 5 MiB photo before the body is even read.
const MULTIPART_SLACK = 64 * 1024;

/** POST /api/images: the image host of the spec, answering in its shape. */
export const imagesApi = new Hono<WorkerEnv>().post("/", doc({ summary: "Upload a photo (JPEG, PNG, WebP or AVIF, at most 5 MiB)", tag: "Catalog", access: "seller or admin", multipart: ["image"], status: 201, description: "{ success: true, data: { url } }" }), async (c) => {
  const uploader = await requireApiRole(c, "seller", "admin");
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
    throw new UnsupportedMediaType("Send the photo as multipart/form-data in the field image");
  }
  if (Number(c.req.header("content-length") ?? 0) > MAX_IMAGE_BYTES + MULTIPART_SLACK) {
    throw new PayloadTooLarge("The photo must be at most 5 MiB");
  }
  const form = await c.req.raw.formData().catch(() => {
    throw new Invalid("The multipart body could not be read");
  });
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) throw new Invalid("Photo is required", [{ path: "image", message: "Photo is required" }]);
  const url = await storeImage(c.var.app, uploader.id, file);
  return c.json({ success: true, data: { url } }, 201);
});
