import * as v from "valibot";
import { REPORT_REASONS } from "./catalog";
import { idField, optionalFreeText } from "./fields";

/** Reporting a listing: why (one of the listed reasons, "other" when not said) and an optional note. */
export const reportSchema = v.object({
  product_id: idField("Choose a car to report"),
  reason: v.optional(v.picklist(REPORT_REASONS, "Choose one of the listed reasons"), "other"),
  note: optionalFreeText("Write the note as text", 500),
});
/**
 * The report form: the same fields, but a reason must be chosen (the API's default serves older
 * clients). With no radio checked the form sends no `reason` at all; the empty default makes that
 * "Choose a reason", as for any empty field.
 */
export const reportFormSchema = v.object({
  ...reportSchema.entries,
  reason: v.optional(v.picklist(REPORT_REASONS, "Choose a reason"), "" as (typeof REPORT_REASONS)[number]),
});
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportDetails = Pick<v.InferOutput<typeof reportSchema>, "reason" | "note">;

/** The reasons as the report form and the admins' table show them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: "Scam or fraud",
  wrong_info: "Wrong information",
  sold_elsewhere: "Sold elsewhere",
  offensive: "Offensive",
  other: "Other",
};
