import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/page-errors";
import { advertiseProduct, deleteProduct, listSellerProducts } from "~/.server/services/products";
import { type CarBookings, listBookingsForSellerCars } from "~/.server/services/seller-cars";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { ResultBanner } from "~/components/ui/result-banner";
import { formatPrice } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import { PATHS, pathTo } from "~/lib/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/my-products";
import { ColumnHeader } from "~/components/ui/column-header";

export const meta: Route.MetaFunction = () => privatePageMeta("My Products");

const actionSchema = rowActionSchema(["advertise", "delete"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:my-products");
  const [products, bookings] = await Promise.all([
    listSellerProducts(context.app, seller.email),
    listBookingsForSellerCars(context.app, seller.id),
  ]);
  const confirmId = new URL(request.url).searchParams.get("confirm");
  return { products, bookings, confirm: products.find((product) => product._id === confirmId && !product.isPaid) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "read:my-products");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { intent, id } = submission.value;
  return actionResult(async () => {
    if (intent === "advertise") {
      await advertiseProduct(context.app, seller, id);
      return { ok: true, title: "Added to the advertisement card successfully", message: "" };
    }
    await deleteProduct(context.app, seller, id);
    return DELETED;
  });
}

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  const { products, bookings, confirm } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Total Products: {products.length}</h1>
      <ResultBanner result={result} />
      {confirm && <ConfirmPanel intent="delete" id={confirm._id} confirmLabel={`Yes, delete ${confirm.productName}`} cancelTo="." />}
      {products.length === 0 ? (
        <p>
          You have no cars listed yet.{" "}
          <Link to={PATHS.addProduct} className="font-semibold text-brand-700 underline">
            Add a product
          </Link>
        </p>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white md:overflow-x-auto">
          {/* Below md each row is a card: cells stack, each labelled by its column (data-label); the roles keep the table a table to screen readers. */}
          <table role="table" className="w-full text-left max-md:block">
            <caption className="sr-only">Your products</caption>
            <thead className="bg-slate-100 max-md:sr-only">
              <tr>
                <ColumnHeader>#</ColumnHeader>
                <ColumnHeader>Name</ColumnHeader>
                <ColumnHeader>Price</ColumnHeader>
                <ColumnHeader>Status</ColumnHeader>
                <ColumnHeader>Bookings</ColumnHeader>
                <ColumnHeader>Action</ColumnHeader>
                <ColumnHeader>Delete</ColumnHeader>
              </tr>
            </thead>
            <tbody role="rowgroup" className="max-md:block">
              {products.map((product, index) => (
                <tr key={product._id} role="row" className="border-t border-slate-200 max-md:block max-md:py-2">
                  <td role="cell" data-label="#" className={cellClass}>
                    {index + 1}
                  </td>
                  <th scope="row" role="rowheader" data-label="Name" className={`${cellClass} font-semibold`}>
                    {product.productName}
                  </th>
                  <td role="cell" data-label="Price" className={cellClass}>
                    {formatPrice(product.resalePrice)}
                  </td>
                  <td role="cell" data-label="Status" className={cellClass}>
                    {product.isPaid ? "Sold" : "Available"}
                  </td>
                  <td role="cell" data-label="Bookings" className={cellClass}>
                    <CarBookingsList productName={product.productName} bookings={bookings[product._id]} />
                  </td>
                  <td role="cell" data-label="Action" className={cellClass}>
                    {product.isPaid ? (
                      "No Action need"
                    ) : (
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          to={pathTo(PATHS.editProduct, { id: product._id })}
                          aria-label={`Edit ${product.productName}`}
                          className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-50"
                        >
                          Edit
                        </Link>
                        {product.isAdvertised ? "Advertised" : <AdvertiseButton id={product._id} name={product.productName} />}
                      </div>
                    )}
                  </td>
                  <td role="cell" data-label="Delete" className={cellClass}>
                    {product.isPaid ? (
                      <span className="text-slate-500">Sold cars stay for records</span>
                    ) : (
                      <Link
                        to={`?confirm=${product._id}`}
                        preventScrollReset
                        aria-label={`Delete ${product.productName}`}
                        className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                      >
                        Delete
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

// A cell, or below md a labelled line of the row's card.
const cellClass =
  "px-4 py-3 align-top max-md:flex max-md:gap-3 max-md:py-1.5 max-md:before:w-20 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]";

function AdvertiseButton({ id, name }: { id: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="advertise"
        aria-label={`Advertise ${name}`}
        className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900"
      >
        Advertise
      </button>
    </Form>
  );
}

/** Who booked the car and how to reach them: a disclosure, so the table stays short. */
function CarBookingsList({ productName, bookings }: { productName: string; bookings?: CarBookings }) {
  if (!bookings) return <span className="text-slate-600">None yet</span>;
  const { total, bookings: listed } = bookings;
  return (
    <details className="min-w-0 md:min-w-56">
      <summary className="cursor-pointer font-semibold text-brand-700 underline">
        {`${total} ${total === 1 ? "booking" : "bookings"}`}
        <span className="sr-only"> for {productName}</span>
      </summary>
      <ul className="mt-2 flex flex-col gap-2">
        {listed.map((booking) => (
          <li key={booking._id} className="rounded-lg border border-slate-200 p-2 text-sm">
            <p className="font-semibold">
              {booking.buyerName}{" "}
              <span className={booking.paid ? "text-green-800" : "text-slate-600"}>{booking.paid ? "(paid)" : "(not paid yet)"}</span>
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
