import { Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { listBuyerOrders } from "~/.server/services/bookings";
import { formatPrice } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import { PATHS, pathTo } from "~/lib/paths";
import { type Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => privatePageMeta("My Orders");

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = await requirePermission(context.app, request, "read:my-orders");
  return { orders: await listBuyerOrders(context.app, buyer.id) };
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">My Orders</h1>
      {orders.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-8">
          You have not booked a car yet.{" "}
          <Link to="/#categories-heading" className="font-semibold text-brand-700 underline">
            Browse the categories
          </Link>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {orders.map((order) => (
            <li key={order._id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <img
                src={order.image}
                alt={`Photo of ${order.productName}`}
                width={800}
                height={500}
                loading="lazy"
                className="aspect-[8/5] w-full object-cover"
              />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-lg font-bold">{order.productName}</h2>
                <p className="text-brand-700 font-semibold">{formatPrice(order.resalePrice)}</p>
                <div className="mt-auto pt-2">
                  {order.paid ? (
                    <span className="inline-block rounded-lg bg-green-100 px-4 py-2 font-semibold text-green-900">Paid</span>
                  ) : order.soldToSomeoneElse ? (
                    <span className="inline-block rounded-lg bg-slate-100 px-4 py-2 text-slate-700">Sold to another buyer</span>
                  ) : (
                    <Link
                      to={pathTo(PATHS.payment, { id: order._id })}
                      aria-label={`Pay for ${order.productName}`}
                      className="inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
                    >
                      Pay
                    </Link>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
