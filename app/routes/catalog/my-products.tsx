import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/page-errors";
import { advertiseProduct, deleteProduct, listSellerProducts } from "~/.server/services/catalog/products";
import { type CarBookings, listBookingsForSellerCars } from "~/.server/services/catalog/seller-cars";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { type Column, DataTable, ROW_BUTTON } from "~/components/ui/data-table";
import { ResultBanner } from "~/components/ui/result-banner";
import { formatPrice } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import { PATHS, pathTo } from "~/lib/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/my-products";

export const meta: Route.MetaFunction = () => privatePageMeta("My Products");

const actionSchema = rowActionSchema(["advertise", "delete"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:my-products");
  const [products, bookings] = await Promise.all([
    listSellerProducts(context.app, seller, seller.email),
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
        <DataTable
          caption="Your products"
          columns={productColumns(bookings)}
          rows={products}
          rowKey={(product) => product._id}
          empty="You have no cars listed yet."
        />
      )}
    </main>
  );
}

type SellerProduct = Route.ComponentProps["loaderData"]["products"][number];

/** The spec's columns (index, Name, Price, Status, Action, Delete) and who booked each car. */
function productColumns(bookings: Record<string, CarBookings>): Column<SellerProduct>[] {
  return [
    { heading: "#", cell: (_, index) => index + 1 },
    // Two lines at most, so a long name keeps every row one height.
    { heading: "Name", rowHeader: true, cell: (product) => <span className="line-clamp-2">{product.productName}</span> },
    { heading: "Price", className: "whitespace-nowrap", cell: (product) => formatPrice(product.resalePrice) },
    { heading: "Status", cell: (product) => (product.isPaid ? "Sold" : "Available") },
    {
      heading: "Bookings",
      className: "whitespace-nowrap",
      cell: (product) => <CarBookingsList productName={product.productName} bookings={bookings[product._id]} />,
    },
    {
      heading: "Action",
      className: "whitespace-nowrap",
      cell: (product) =>
        product.isPaid ? (
          "No Action need"
        ) : (
          <span className="flex items-center gap-2">
            <Link
              to={pathTo(PATHS.editProduct, { id: product._id })}
              aria-label={`Edit ${product.productName}`}
              className={ROW_BUTTON.plain}
            >
              Edit
            </Link>
            {product.isAdvertised ? "Advertised" : <AdvertiseButton id={product._id} name={product.productName} />}
          </span>
        ),
    },
    {
      heading: "Delete",
      className: "whitespace-nowrap",
      cell: (product) =>
        product.isPaid ? (
          <span className="text-slate-600">Kept for records</span>
        ) : (
          <Link
            to={`?confirm=${product._id}`}
            preventScrollReset
            aria-label={`Delete ${product.productName}`}
            className={ROW_BUTTON.danger}
          >
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
function CarBookingsList({ productName, bookings }: { productName: string; bookings?: CarBookings }) {
  if (!bookings) return <span className="text-slate-600">None yet</span>;
  const { total, bookings: listed } = bookings;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-700 underline">
        {`${total} ${total === 1 ? "booking" : "bookings"}`}
        <span className="sr-only"> for {productName}</span>
      </summary>
      <ul className="mt-2 flex flex-col gap-2 whitespace-normal">
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
