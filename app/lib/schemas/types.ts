// The shapes of the REST contract (../shared/api-contract.md "Shapes"); pages use the same ones.

import type * as v from "valibot";
import {
  type bookingShape,
  type offerShape,
  type categoryShape,
  type carDetailShape,
  type carPhotoShape,
  type carShape,
  type reportShape,
  type sellerProfileShape,
  type userShape,
} from "./responses";
import { type PriceRating } from "../catalog/price-rating";
import { type Role } from "../accounts/roles";

export type AccountType = Role;
export type User = v.InferOutput<typeof userShape>;
export type Category = v.InferOutput<typeof categoryShape>;
export type CarPhoto = v.InferOutput<typeof carPhotoShape>;
/** A seller's reviews in short: the average of their ratings (null with none) and how many. */
export interface SellerRating {
  average: number | null;
  count: number;
}
/** What pages get beside the contract's Product and API answers leave out: photos' small copies and sizes, the seller's rating. */
interface PageOnly {
  photos: CarPhoto[];
  sellerRating: SellerRating;
}
/** The contract's Product, and for pages what `PageOnly` adds. */
export type Car = v.InferOutput<typeof carShape> & PageOnly;
export type CarDetail = v.InferOutput<typeof carDetailShape> & PageOnly;
export type SellerProfile = v.InferOutput<typeof sellerProfileShape>;
export type Booking = v.InferOutput<typeof bookingShape>;
export type Offer = v.InferOutput<typeof offerShape>;
/** An offer as the Offers pages show it: with the car's asking price and which side the viewer is. */
export type OfferItem = Offer & { price: number; mine: "buyer" | "seller" | null };
export type Report = v.InferOutput<typeof reportShape>;

export interface PagedList<T> {
  data: T[];
  total: number;
  currentPage: number;
  totalPages: number;
}

/** GET /api/products/:id/price-analysis, and the car page's "Why this rating" panel. */
export interface PriceAnalysis {
  rating: PriceRating | "unknown";
  estimate: number | null;
  /** The cars the estimate was made from, closest in year first (at most 10; sold ones `isPaid`). */
  comparables: Car[];
  basis: string;
}

/** A conversation a user reported, as the admins see it with the report. */
export interface ReportedConversation {
  _id: string;
  conversationId: string;
  productName: string | null;
  buyerName: string;
  sellerName: string;
  reporterName: string;
  reason: string;
  createdAt: string;
  /** The newest messages (REPORTED_MESSAGES_SHOWN in the messages service), oldest first: a report shows the admins the conversation. */
  messages: { _id: string; senderName: string; text: string; createdAt: string }[];
}
