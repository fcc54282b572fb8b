import { type FieldMetadata } from "@conform-to/react";
import { formatPrice } from "~/lib/format";
import { type Product } from "~/lib/types";
import { TextField } from "./ui/field";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** The booking form's fields: what is booked and by whom (read-only), then phone and meeting place. */
export function BookingFields({
  product,
  user,
  fields,
}: {
  product: Pick<Product, "productName" | "resalePrice">;
  user: { name: string; email: string };
  fields: { phone: Meta; meetingLocation: Meta };
}) {
  return (
    <>
      <ReadOnly label="Product name" value={product.productName} />
      <ReadOnly label="Your name" value={user.name} />
      <ReadOnly label="Your email" value={user.email} />
      <ReadOnly label="Price" value={formatPrice(product.resalePrice)} />
      <TextField label="Phone" type="tel" meta={fields.phone} autoComplete="tel" />
      <TextField label="Meeting location" meta={fields.meetingLocation} />
    </>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  const id = `readonly-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} value={value} readOnly className="w-full rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-slate-700" />
    </div>
  );
}
