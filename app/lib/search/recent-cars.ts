/** A car as the "Recently viewed" row shows it (from the account, or kept in the browser). */
export interface RecentCar {
  _id: string;
  productName: string;
  image: string;
  resalePrice: number;
  isPaid: boolean;
}
