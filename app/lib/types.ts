// The shapes of the REST contract (../shared/api-contract.md "Shapes"); pages use the same ones.

import type * as v from "valibot";
import {
  type bookingShape,
  type categoryShape,
  type productDetailShape,
  type productShape,
  type reportShape,
  type sellerProfileShape,
  type userShape,
} from "./schemas/responses";
import { type Role } from "./roles";

export type AccountType = Role;
export type User = v.InferOutput<typeof userShape>;
export type Category = v.InferOutput<typeof categoryShape>;
export type Product = v.InferOutput<typeof productShape>;
export type ProductPhoto = Product["photos"][number];
export type ProductDetail = v.InferOutput<typeof productDetailShape>;
export type SellerProfile = v.InferOutput<typeof sellerProfileShape>;
export type Booking = v.InferOutput<typeof bookingShape>;
export type Report = v.InferOutput<typeof reportShape>;

export interface PagedList<T> {
  data: T[];
  total: number;
  currentPage: number;
  totalPages: number;
}
