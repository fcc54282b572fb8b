import { Hono } from "hono";
import { listCategories } from "~/.server/services/categories";
import { listAdvertisedProducts } from "~/.server/services/products";
import { type WorkerEnv } from "../hono-env";

export const categoriesApi = new Hono<WorkerEnv>().get("/", async (c) => c.json(await listCategories(c.var.app)));

export const productsApi = new Hono<WorkerEnv>().get("/advertisement", async (c) =>
  c.json(await listAdvertisedProducts(c.var.app)),
);
