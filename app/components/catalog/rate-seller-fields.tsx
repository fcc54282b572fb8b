import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { REVIEW_TEXT_LIMIT, REVIEW_TEXT_MAX } from "~/lib/catalog/reviews";
import { Stars } from "./stars";
import { FieldErrors, TextAreaField } from "../ui/field";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const RATING_WORDS = ["Bad", "Poor", "Fair", "Good", "Excellent"];
// Best first, as buyers read a scale.
const RATINGS = ["5", "4", "3", "2", "1"];

/**
 * "Rate the seller" for one booking: 1–5 stars as a group of real radio buttons (arrow keys move
 * between them, and the form posts without JavaScript) and optional words about the purchase. The
 * same in the dialog and in My Orders' own form.
 */
export function RateSellerFields({
  bookingId,
  carName,
  fields,
}: {
  bookingId: string;
  carName: string;
  fields: { rating: Meta; text: Meta };
}) {
  const { rating, text } = fields;
  return (
    <>
      <p>
        How was buying <strong className="break-words">{carName}</strong> from its seller?
      </p>
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Your rating</legend>
        {getCollectionProps(rating, { type: "radio", options: RATINGS }).map(({ key, ...props }) => (
          <label key={key} htmlFor={props.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
            <input {...props} className="size-5 accent-brand-700" />
            <Stars rating={Number(props.value)} />
            <span>{RATING_WORDS[Number(props.value) - 1]}</span>
          </label>
        ))}
        <FieldErrors meta={rating} />
      </fieldset>
      <TextAreaField
        label="What was buying from them like? (optional)"
        meta={text}
        maxLength={REVIEW_TEXT_MAX}
        hint={`At most ${REVIEW_TEXT_LIMIT}. Other buyers see your first name and initial.`}
      />
    </>
  );
}
