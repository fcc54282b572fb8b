import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { buttonClass } from "./button";
import { NEW_PASSWORD_RULE } from "~/lib/schemas/fields";

export const inputClass =
  "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600 focus:border-brand-600";

/** The field's errors, linked to its input through aria-describedby (Conform's errorId). */
export function FieldErrors({ meta }: { meta: FieldMetadata<unknown, Record<string, unknown>, string[]> }) {
  return (
    <div id={meta.errorId} className="min-h-5 text-sm text-red-700">
      {meta.errors?.[0]}
    </div>
  );
}

export function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
}: {
  label: string;
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  type?: "text" | "email" | "tel" | "number" | "url";
  autoComplete?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <input {...getInputProps(meta, { type })} autoComplete={autoComplete} className={inputClass} />
      <FieldErrors meta={meta} />
    </div>
  );
}

/** A password input with a show/hide toggle; a new password shows its rule before the first try. */
export function PasswordField({
  label,
  meta,
  autoComplete,
}: {
  label: string;
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  autoComplete: "current-password" | "new-password";
}) {
  const [visible, setVisible] = useState(false);
  const isNew = autoComplete === "new-password";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      {isNew && (
        <p id={meta.descriptionId} className="text-sm text-slate-600">
          {NEW_PASSWORD_RULE}
        </p>
      )}
      <div className="relative">
        <input
          {...getInputProps(meta, { type: visible ? "text" : "password", ariaDescribedBy: isNew ? meta.descriptionId : undefined })}
          autoComplete={autoComplete}
          className={`${inputClass} pr-16`}
        />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-controls={meta.id}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {visible ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </button>
      </div>
      <FieldErrors meta={meta} />
    </div>
  );
}

/** Errors about the whole form (e.g. wrong credentials), shown in red under it. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} role="alert" className="text-sm font-medium text-red-700">
      {errors?.[0]}
    </div>
  );
}

// A form's buttons, for forms that style a plain <button> (new code uses <Button> from ./button).
export const primaryButtonClass = buttonClass({ variant: "primary" });
export const secondaryButtonClass = buttonClass({ variant: "secondary" });

export function SelectField({
  label,
  meta,
  options,
  placeholder,
}: {
  label: string;
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <select {...getSelectProps(meta)} className={inputClass}>
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors meta={meta} />
    </div>
  );
}

/** A multi-line field; `hint` stands under it and is read with it (e.g. its length limit). */
export function TextAreaField({
  label,
  meta,
  hint,
  maxLength,
  rows = 4,
}: {
  label: string;
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  hint?: React.ReactNode;
  maxLength?: number;
  rows?: number;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined })}
        maxLength={maxLength}
        rows={rows}
        className={inputClass}
      />
      {hint && (
        <p id={meta.descriptionId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldErrors meta={meta} />
    </div>
  );
}
