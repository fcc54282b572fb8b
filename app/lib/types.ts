// The shapes of the REST contract (../shared/api-contract.md "Shapes"); pages use the same ones.

import { type Role } from "./roles";

export type AccountType = Role;

export interface User {
  _id: string;
  name: string;
  email: string;
  accountType: AccountType;
  verify: boolean;
}

export interface Category {
  _id: string;
  categoryName: string;
  image: string;
}

export interface Product {
  _id: string;
  productName: string;
  originalPrice: number;
  resalePrice: number;
  location: string;
  categoryId: string;
  condition: string;
  mobile: string;
  productDescription: string;
  purchaseYear: number;
  image: string;
  createdDate: string;
  seller: string;
  email: string;
  isAdvertised: boolean;
  isPaid: boolean;
  sellerVerified: boolean;
}

export interface PagedList<T> {
  data: T[];
  total: number;
  currentPage: number;
  totalPages: number;
}

export interface Booking {
  _id: string;
  productName: string;
  name: string;
  email: string;
  phone: string;
  meetingLocation: string;
  image: string;
  resalePrice: number;
  product_id: string;
  paid: boolean;
  transactionId: string | null;
  createdAt: string;
}

export interface Report {
  _id: string;
  product_id: string;
  productName: string;
  seller: string;
  createdAt: string;
}
