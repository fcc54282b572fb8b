import * as v from "valibot";
import { parseExpiry } from "../deals/card-input";

const text = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));

export const paymentIntentSchema = v.object({ bookingId: text("bookingId is required", 64) });

export const recordPaymentSchema = v.object({
  bookingId: text("bookingId is required", 64),
  transactionId: text("transactionId is required", 255),
});

export const simulatorConfirmSchema = v.object({
  clientSecret: text("clientSecret is required", 255),
  card: v.object(
    {
      number: v.pipe(v.string("Card number is required"), v.maxLength(32, "Your card number is invalid.")),
      expMonth: v.pipe(v.number("Expiration month is required"), v.integer("Your card's expiration month is invalid.")),
      expYear: v.pipe(v.number("Expiration year is required"), v.integer("Your card's expiration year is invalid.")),
      cvc: v.pipe(v.string("CVC is required"), v.maxLength(4, "Your card's security code is invalid.")),
    },
    "card is required",
  ),
});

const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";

/** The payment page's card form as posted without JavaScript (the simulator): the card as typed. */
export const simulatorCardFormSchema = v.object({
  cardNumber: v.pipe(
    v.string("Card number is required"),
    v.trim(),
    v.nonEmpty("Card number is required"),
    v.maxLength(32, "Your card number is invalid."),
  ),
  // "12/30", "1230" or "12/2030".
  expiry: v.pipe(
    v.string(EXPIRY_INCOMPLETE),
    v.maxLength(16, EXPIRY_INCOMPLETE),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const expiry = parseExpiry(dataset.value);
      if (expiry) return expiry;
      addIssue({ message: EXPIRY_INCOMPLETE });
      return NEVER;
    }),
  ),
  cvc: v.pipe(
    v.string("CVC is required"),
    v.trim(),
    v.nonEmpty("CVC is required"),
    v.maxLength(4, "Your card's security code is invalid."),
  ),
});
