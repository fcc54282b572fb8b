import * as v from "valibot";

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
