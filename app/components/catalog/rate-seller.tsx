import { getFormProps } from "@conform-to/react";
import { lazy, Suspense, useRef, useState } from "react";
import { Form } from "react-router";
import { rateSellerFormSchema } from "~/lib/schemas/catalog";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { RateSellerFields } from "./rate-seller-fields";
import { Stars } from "./stars";
import { Button, ButtonLink } from "../ui/button";

// The dialog (and its form library) loads when someone first opens it.
const RateSellerDialog = lazy(() => import("./rate-seller-dialog"));

interface Props {
  bookingId: string;
  carName: string;
  /** The rating given (null: not yet). */
  rating: number | null;
  mayRate: boolean;
  /** The page's own form is open (`?rate=<booking>`): how it works without JavaScript. */
  formOpen: boolean;
}

/**
 * A paid order's "Rate the seller": a link to the page's own form, which with JavaScript opens a
 * dialog instead; once rated, the rating given. The dialog stays mounted when the rating arrives,
 * so it can close itself and say so; focus then moves to the rating given (the link it came from is gone).
 */
export function RateSeller({ bookingId, carName, rating, mayRate, formOpen }: Props) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const given = useRef<HTMLParagraphElement>(null);
  return (
    <>
      {rating !== null ? (
        <p ref={given} tabIndex={-1} className="flex flex-wrap items-center gap-2 text-sm">
          You rated the seller <Stars rating={rating} />
        </p>
      ) : (
        mayRate &&
        (formOpen ? (
          <RateSellerPageForm bookingId={bookingId} carName={carName} />
        ) : (
          <ButtonLink
            to={`?rate=${bookingId}`}
            preventScrollReset
            variant="secondary"
            aria-label={`Rate the seller of ${carName}`}
            onClick={(event) => {
              event.preventDefault();
              setDialogOpen(true);
            }}
          >
            Rate the seller
          </ButtonLink>
        ))
      )}
      {dialogOpen && (
        <Suspense fallback={null}>
          <RateSellerDialog
            bookingId={bookingId}
            carName={carName}
            onClose={() => {
              setDialogOpen(false);
              given.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function RateSellerPageForm({ bookingId, carName }: { bookingId: string; carName: string }) {
  const [form, fields] = useSchemaForm(rateSellerFormSchema, { id: `rate-page-${bookingId}` });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Rate the seller of ${carName}`} className="flex w-full flex-col gap-3">
      <RateSellerFields bookingId={bookingId} carName={carName} fields={fields} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Send rating</Button>
        <ButtonLink to="." preventScrollReset variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
