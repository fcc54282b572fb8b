import { type FieldMetadata } from "@conform-to/react";
import { formatPrice } from "~/lib/shared/format";
import { type Car } from "~/lib/schemas/types";
import { TextField } from "../ui/field";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * The booking form's fields: what is booked and by whom (the spec's read-only fields, shown as a
 * compact summary rather than inputs to tab through; the server takes them from its own records),
 * then phone and meeting place.
 */
export function BookingFields({
  car,
  user,
  fields,
}: {
  car: Pick<Car, "productName" | "resalePrice">;
  user: { name: string; email: string };
  fields: { phone: Meta; meetingLocation: Meta };
}) {
  const summary = [
    ["Product name", car.productName],
    ["Your name", user.name],
    ["Your email", user.email],
    ["Price", formatPrice(car.resalePrice)],
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-100 px-4 py-3 text-sm">
        {summary.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <TextField label="Phone" type="tel" meta={fields.phone} autoComplete="tel" />
      <TextField label="Meeting location" meta={fields.meetingLocation} />
    </>
  );
}
