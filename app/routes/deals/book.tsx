import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { getSessionUser, requireUser } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { failedAction, formResult, orPageError } from "~/.server/web/page-errors";
import { countOpenBookings, createBooking } from "~/.server/services/deals/bookings";
import { BookedBy } from "~/components/deals/booked-by";
import { PayNext } from "~/components/deals/pay-next";
import { findCar } from "~/.server/services/catalog/cars";
import { BookingFields } from "~/components/deals/booking-fields";
import { Button } from "~/components/ui/button";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { loginUrl } from "~/lib/accounts/redirects";
import { bookingSchema } from "~/lib/schemas/deals";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/book";

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(data ? `Book ${data.car.productName}` : "Book a car");

/** The booking page: the modal's no-JavaScript fallback, and where the modal posts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [car, user, bookedBy] = await Promise.all([
    orPageError(() => findCar(context.app, params.id)),
    getSessionUser(context.app, request),
    countOpenBookings(context.app, params.id),
  ]);
  return { car, user: user && { name: user.name, email: user.email }, bookedBy };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context.app, request);
  const formData = await readFormBody(request);
  formData.set("product_id", params.id);
  const submission = parseForm(formData, bookingSchema);
  if (submission.status !== "success") return failedAction("Please fill in your phone and the meeting location");
  // The booking's id comes back for the next step: paying for it.
  return formResult(async () => {
    const bookingId = await createBooking(context.app, user, submission.value);
    return { ok: true as const, message: "Booking confirmed", bookingId };
  }, {});
}

export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { car, user } = loaderData;
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(bookingSchema, { id: "booking-page" });
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Book {car.productName}</h1>
      <div className="mb-6">
        <BookedBy count={loaderData.bookedBy} />
      </div>
      {!user ? (
        <p className="rounded-2xl bg-white p-6">
          Please Signin to book it.{" "}
          <Link to={loginUrl(pathTo(PATHS.book, { id: car._id }))} className="font-semibold text-brand-700 underline">
            Sign In
          </Link>
        </p>
      ) : car.isPaid && !result?.ok ? (
        // A car someone paid for (held for its buyer, or sold) takes no more bookings.
        <p role="status" className="rounded-2xl bg-white p-6">
          This car has been bought by another buyer, so it cannot be booked.{" "}
          <Link to={PATHS.search} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Find another car
          </Link>
        </p>
      ) : result?.ok ? (
        <div role="status" className="rounded-2xl bg-green-50 p-6 text-green-900">
          <p className="font-bold">{result.message}</p>
          <PayNext bookingId={"bookingId" in result ? result.bookingId : null} />
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          {result && (
            <p role="alert" className="font-medium text-red-700">
              {result.message}
            </p>
          )}
          {/* The schema checks the car's id in the browser too (the action takes it from the URL). */}
          <input type="hidden" name="product_id" value={car._id} />
          <BookingFields car={car} user={user} fields={fields} />
          <Button type="submit">Submit</Button>
        </Form>
      )}
    </main>
  );
}
