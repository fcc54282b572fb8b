import * as v from "valibot";
import { requiredText } from "./fields";

const id = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(64, message));

/** Booking a car: only the buyer's phone and meeting place come from the client. */
export const bookingSchema = v.object({
  product_id: id("Choose a car to book"),
  phone: requiredText("Phone is required", 80),
  meetingLocation: requiredText("Meeting location is required", 80),
});
export type BookingInput = v.InferOutput<typeof bookingSchema>;

export const reportSchema = v.object({ product_id: id("Choose a car to report") });
