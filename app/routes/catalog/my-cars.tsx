import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/web/page-errors";
import { advertiseCar, deleteCar } from "~/.server/services/catalog/cars";
import { type CarBookings, listBookingsForSellerCars, listMyCars } from "~/.server/services/catalog/seller-cars";
import { MyCarsControls } from "~/components/catalog/my-cars-controls";
import { Pager, useListHref } from "~/components/ui/paged-list";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { type Column, DataTable, ROW_BUTTON } from "~/components/ui/data-table";
import { ResultBanner } from "~/components/ui/result-banner";
import { formatCount, formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { MY_CARS_PAGE_SIZE, parseMyCarsQuery, STATUS_WORDS } from "~/lib/schemas/catalog";
import { type Route } from "./+types/my-cars";

export const meta: Route.MetaFunction = () => privatePageMeta("My Products");

const actionSchema = rowActionSchema(["advertise", "delete"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:my-cars");
  const params = new URL(request.url).searchParams;
  const query = parseMyCarsQuery(params);
  const list = await listMyCars(context.app, seller, query);
  // The bookings of this page's cars only (a second round trip, never every car's).
  const bookings = await listBookingsForSellerCars(
    context.app,
    seller.id,
    list.rows.map((row) => row._id),
  );
  const confirmId = params.get("confirm");
  return { query, list, bookings, confirm: list.rows.find((car) => car._id === confirmId && !car.isPaid) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "read:my-cars");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { intent, id } = submission.value;
  return actionResult(async () => {
    if (intent === "advertise") {
      await advertiseCar(context.app, seller, id);
      return { ok: true, title: "Added to the advertisement card successfully", message: "" };
    }
    await deleteCar(context.app, seller, id);
    return DELETED;
  });
}

export default function MyCars({ loaderData }: Route.ComponentProps) {
  const { query, list, bookings, confirm } = loaderData;
  const result = useActionData<typeof action>();
  const filtered = query.status !== "all" || query.q !== "";
  // Delete asks first on this same list (its filter, search, sort and page kept).
  const listHref = useListHref();
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Total Products: {list.total}</h1>
      <ResultBanner result={result} />
      {confirm && (
        <ConfirmPanel intent="delete" id={confirm._id} confirmLabel={`Yes, delete ${confirm.productName}`} cancelTo={listHref({})} />
      )}
      {list.total === 0 && !filtered ? (
        <p>
          You have no cars listed yet.{" "}
          <Link to={PATHS.addCar} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Add a product
          </Link>
        </p>
      ) : (
        <>
          <MyCarsControls query={query} />
          <p role="status" className="mb-3 text-slate-700">
            {`${formatCount(list.total)} ${list.total === 1 ? "car" : "cars"}`}
            {query.status !== "all" && `, ${STATUS_WORDS[query.status].toLowerCase()}`}
            {query.q && ` matching “${query.q}”`}
            {list.totalPages > 1 && ` · page ${list.page} of ${list.totalPages}`}
          </p>
          <DataTable
            caption="Your products"
            columns={carColumns(bookings, (list.page - 1) * MY_CARS_PAGE_SIZE, (id) => listHref({ confirm: id }))}
            rows={list.rows}
            rowKey={(car) => car._id}
            empty="No cars match. Change the filter or the search."
          />
          <Pager page={list.page} totalPages={list.totalPages} label="Pages of your products" />
        </>
      )}
    </main>
  );
}

type SellerCar = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/** The spec's columns (index, Name, Price, Status, Action, Delete) and who booked each car. */
function carColumns(bookings: Record<string, CarBookings>, firstIndex: number, confirmHref: (id: string) => string): Column<SellerCar>[] {
  return [
    { heading: "#", cell: (_, index) => firstIndex + index + 1 },
    // Two lines at most, and room for two always (48 px, tall enough to tap), so every row is one height.
    {
      heading: "Name",
      rowHeader: true,
      cell: (car) => (
        <Link
          to={pathTo(PATHS.car, { id: car._id })}
          className="flex min-h-[2lh] items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <span className="line-clamp-2">{car.productName}</span>
        </Link>
      ),
    },
    { heading: "Price", className: "whitespace-nowrap", cell: (car) => formatPrice(car.resalePrice) },
    { heading: "Status", cell: (car) => (car.isPaid ? "Sold" : "Available") },
    {
      heading: "Views (30 days)",
      className: "whitespace-nowrap",
      cell: (car) => (
        <Link to={pathTo(PATHS.carStatistics, { id: car._id })} className={ROW_BUTTON.plain}>
          {formatCount(car.views)} · Statistics<span className="sr-only"> of {car.productName}</span>
        </Link>
      ),
    },
    {
      heading: "Bookings",
      className: "whitespace-nowrap",
      cell: (car) => <CarBookingsList carName={car.productName} bookings={bookings[car._id]} />,
    },
    {
      heading: "Action",
      className: "whitespace-nowrap",
      cell: (car) =>
        car.isPaid ? (
          "No Action need"
        ) : (
          <span className="flex items-center gap-2">
            <Link to={pathTo(PATHS.editCar, { id: car._id })} aria-label={`Edit ${car.productName}`} className={ROW_BUTTON.plain}>
              Edit
            </Link>
            {car.isAdvertised ? "Advertised" : <AdvertiseButton id={car._id} name={car.productName} />}
          </span>
        ),
    },
    {
      heading: "Delete",
      className: "whitespace-nowrap",
      cell: (car) =>
        car.isPaid ? (
          <span className="text-slate-600">Kept for records</span>
        ) : (
          <Link to={confirmHref(car._id)} preventScrollReset aria-label={`Delete ${car.productName}`} className={ROW_BUTTON.danger}>
            Delete
          </Link>
        ),
    },
  ];
}

function AdvertiseButton({ id, name }: { id: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value="advertise" aria-label={`Advertise ${name}`} className={ROW_BUTTON.primary}>
        Advertise
      </button>
    </Form>
  );
}

/** Who booked the car and how to reach them: a disclosure, so the table stays short. */
function CarBookingsList({ carName, bookings }: { carName: string; bookings?: CarBookings }) {
  if (!bookings) return <span className="text-slate-600">None yet</span>;
  const { total, bookings: listed } = bookings;
  return (
    <details>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline">
        {`${total} ${total === 1 ? "booking" : "bookings"}`}
        <span className="sr-only"> for {carName}</span>
      </summary>
      <ul className="mt-2 flex flex-col gap-2 whitespace-normal">
        {listed.map((booking) => (
          <li key={booking._id} className="rounded-lg border border-slate-200 p-2 text-sm">
            <p className="font-semibold">
              {booking.buyerName}{" "}
              <span className={booking.paid ? "text-green-800" : "text-slate-600"}>
                {booking.paid ? "(paid)" : booking.refunded ? "(paid, then refunded)" : "(not paid yet)"}
              </span>
            </p>
            <p>
              Phone:{" "}
              <a href={`tel:${booking.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
                {booking.phone}
              </a>
            </p>
            <p>Meeting place: {booking.meetingLocation}</p>
          </li>
        ))}
      </ul>
      {total > listed.length && (
        <p className="mt-2 text-sm text-slate-600">
          Showing the {listed.length} most recent of {total}.
        </p>
      )}
    </details>
  );
}
