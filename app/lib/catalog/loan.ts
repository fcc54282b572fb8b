// The car page's monthly-payment calculator: a plain estimate of a fixed-rate loan, computed in the
// browser (and on the server for the form sent without JavaScript). No lender is asked.

export const LOAN_TERMS = [12, 24, 36, 48, 60, 72, 84] as const;
export const DEFAULT_TERM = 48;
export const DEFAULT_APR = 7.9;
const MAX_APR = 40;
/** A fifth down unless the buyer says otherwise. */
export const defaultDeposit = (price: number) => Math.round(price / 5);

export interface LoanInput {
  price: number;
  deposit: number;
  months: number;
  /** The yearly rate in percent, e.g. 7.9. */
  apr: number;
}

export type LoanEstimate =
  /** In cents, for formatCents. */
  | { ok: true; borrowed: number; monthly: number; interest: number; total: number }
  | { ok: false; field: "deposit" | "term" | "apr"; message: string };

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The monthly payment of a loan for the price less the deposit, repaid in equal monthly
 * instalments at a fixed rate (the usual annuity: P·r / (1 − (1 + r)^−n), r the monthly rate).
 * The price and deposit are dollars, the answer is in cents; bad input says which field and why.
 */
export function estimateLoan({ price, deposit, months, apr }: LoanInput): LoanEstimate {
  if (!Number.isFinite(deposit) || deposit < 0) return { ok: false, field: "deposit", message: "Enter a deposit of $0 or more" };
  if (deposit > price) return { ok: false, field: "deposit", message: "The deposit cannot be more than the price" };
  if (!Number.isInteger(months) || months < 1 || months > 120) return { ok: false, field: "term", message: "Choose a term" };
  if (!Number.isFinite(apr) || apr < 0 || apr > MAX_APR)
    return { ok: false, field: "apr", message: `Enter a yearly rate from 0 to ${MAX_APR} %` };
  const borrowed = price - deposit;
  const rate = apr / 100 / 12;
  const monthly = rate === 0 ? borrowed / months : (borrowed * rate) / (1 - (1 + rate) ** -months);
  const total = monthly * months;
  return { ok: true, borrowed: cents(borrowed), monthly: cents(monthly), interest: cents(total - borrowed), total: cents(total) };
}

/**
 * The calculator's fields from a URL's query (the form sent without JavaScript, or its link), with
 * the defaults for those not given. A field that is not a number stays NaN, so the estimate says so.
 */
export function loanInputFrom(params: URLSearchParams, price: number): LoanInput {
  const number = (name: string, fallback: number) => {
    const value = params.get(name);
    return value === null || value.trim() === "" ? fallback : Number(value);
  };
  return {
    price,
    deposit: number("deposit", defaultDeposit(price)),
    months: number("term", DEFAULT_TERM),
    apr: number("apr", DEFAULT_APR),
  };
}
