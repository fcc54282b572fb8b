import { Link } from "react-router";
import { formatDate } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";

interface OrderContact {
  createdAt: string;
  meetingLocation: string;
  product_id: string;
  paid: boolean;
  soldToSomeoneElse: boolean;
  seller: { id: string | null; name: string; phone: string };
  conversationId: string | null;
}

/** A link in running text that is still a 44 px target on phones. */
export const linkClass = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline";

/**
 * On a My Orders card: when it was booked, where the buyer meets the seller, who sells it, and the
 * conversation with them (opened, or started on the car's message page while the car is for sale;
 * the buyer who paid may still write to arrange the handover; a car sold to someone else's seller
 * is reached by phone, since no new conversation starts about it).
 */
export function OrderFacts({ order }: { order: OrderContact }) {
  const { seller } = order;
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Booked</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </dd>
        <dt className="text-slate-600">Meeting place</dt>
        <dd className="min-w-0 break-words">{order.meetingLocation}</dd>
        <dt className="text-slate-600">Seller</dt>
        <dd className="min-w-0 break-words">
          {seller.id ? (
            <Link to={pathTo(PATHS.seller, { id: seller.id })} className={linkClass}>
              {seller.name}
            </Link>
          ) : (
            seller.name
          )}
        </dd>
      </dl>
      <p className="flex flex-wrap gap-x-4">
        {order.conversationId ? (
          <Link to={pathTo(PATHS.messageThread, { id: order.conversationId })} className={linkClass}>
            Your conversation with {seller.name}
          </Link>
        ) : !order.soldToSomeoneElse && seller.id ? (
          <Link to={pathTo(PATHS.messageSeller, { id: order.product_id })} className={linkClass}>
            Message {seller.name}
          </Link>
        ) : null}
        <a href={`tel:${seller.phone.replace(/[^\d+]/g, "")}`} className={linkClass} aria-label={`Call ${seller.phone}, ${seller.name}`}>
          Call {seller.phone}
        </a>
      </p>
    </>
  );
}
