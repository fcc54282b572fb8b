import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { downscaleImage } from "~/lib/shared/downscale-image";
import { FieldErrors } from "./field";

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"];

/**
 * A photo picker that downscales large photos in the browser before the form sends them.
 * `onBusyChange` lets the form hold its submit button while a photo is being prepared.
 */
export function PhotoInput({
  label,
  meta,
  onBusyChange,
}: {
  label: string;
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [status, setStatus] = useState("");
  async function prepare(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setStatus("");
    // Only a photo can be ready; the server says what is wrong with anything else.
    if (!file || !PHOTO_TYPES.includes(file.type)) return;
    onBusyChange?.(true);
    setStatus("Preparing the photo…");
    try {
      const smaller = await downscaleImage(file);
      if (smaller !== file) {
        const transfer = new DataTransfer();
        transfer.items.add(smaller);
        input.files = transfer.files;
      }
      setStatus(smaller !== file ? "Photo ready (resized for upload)." : "Photo ready.");
    } finally {
      onBusyChange?.(false);
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type: "file" })}
        accept={PHOTO_TYPES.join(",")}
        onChange={prepare}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 file:mr-4 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-1 file:font-semibold"
      />
      <p className="text-sm text-slate-600">JPEG, PNG, WebP or AVIF, up to 5 MiB.</p>
      <p role="status" className="text-sm text-slate-700">
        {meta.errors?.length ? "" : status}
      </p>
      <FieldErrors meta={meta} />
    </div>
  );
}
