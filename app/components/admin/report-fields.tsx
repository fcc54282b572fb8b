import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { REPORT_REASONS } from "~/lib/schemas/catalog";
import { REPORT_REASON_LABELS } from "~/lib/schemas/admin";
import { FieldErrors, TextAreaField } from "../ui/field";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const NOTE_MAX = 500;

/** The report form's fields: why (a radio group) and an optional note for the admins. */
export function ReportFields({ fields }: { fields: { reason: Meta; note: Meta } }) {
  const { reason, note } = fields;
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Why are you reporting it?</legend>
        {getCollectionProps(reason, { type: "radio", options: [...REPORT_REASONS] }).map(({ key, ...props }) => (
          <label key={key} htmlFor={props.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
            <input {...props} className="size-5 accent-brand-700" />
            {REPORT_REASON_LABELS[props.value as keyof typeof REPORT_REASON_LABELS]}
          </label>
        ))}
        <FieldErrors meta={reason} />
      </fieldset>
      <TextAreaField
        label="Note for the admins (optional)"
        meta={note}
        maxLength={NOTE_MAX}
        rows={3}
        hint={`At most ${NOTE_MAX} characters.`}
      />
    </>
  );
}
