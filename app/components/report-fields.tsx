import { type FieldMetadata, getCollectionProps, getTextareaProps } from "@conform-to/react";
import { REPORT_REASONS } from "~/lib/schemas/catalog";
import { REPORT_REASON_LABELS } from "~/lib/schemas/bookings";
import { FieldErrors } from "./ui/field";

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
      <div className="flex flex-col gap-1">
        <label htmlFor={note.id} className="font-medium">
          Note for the admins (optional)
        </label>
        <textarea
          {...getTextareaProps(note, { ariaDescribedBy: note.descriptionId })}
          maxLength={NOTE_MAX}
          rows={3}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 aria-[invalid=true]:border-red-600"
        />
        <p id={note.descriptionId} className="text-sm text-slate-600">
          At most {NOTE_MAX} characters.
        </p>
        <FieldErrors meta={note} />
      </div>
    </>
  );
}
