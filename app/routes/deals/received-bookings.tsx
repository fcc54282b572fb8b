import { Form } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listReceivedBookings } from "~/.server/services/deals/bookings";
import { declineBooking } from "~/.server/services/deals/deal-actions";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { DEAL_STATUS_TONES, saleStatusLabel } from "~/lib/deals/deal";
import { formatDateTime, formatPrice } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { declineSchema } from "~/lib/schemas/deals";
import { type Route } from "./+types/received-bookings";
import * as v from "valibot";

// The seller's Bookings page: who booked which of their cars, how to reach them, and a way to
// decline an unpaid booking with a reason the buyer is told.

export const meta: Route.MetaFunction = () => privatePageMeta("Bookings");

const PAGE_SIZE = 10;
const declineFormSchema = v.object({ ...declineSchema.entries, id: v.pipe(v.string("Missing booking"), v.nonEmpty("Missing booking")) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:bookings-received");
  const list = await listReceivedBookings(context.app, seller, pageFromUrl(request.url), PAGE_SIZE);
  // "Decline booking" asks first, a page state without JavaScript: ?decline=<booking id>&reason=….
  const params = new URL(request.url).searchParams;
  const chosen = list.data.find((booking) => booking._id === params.get("decline") && declinable(booking));
  return { list, confirm: chosen ? { booking: chosen, reason: (params.get("reason") ?? "").slice(0, 300) } : null };
}

const declinable = (booking: { paid: boolean; payment: unknown; paymentUnderWay: boolean }) =>
  !booking.paid && !booking.payment && !booking.paymentUnderWay;

function declineText(buyerName: string, carName: string, reason: string) {
  const whatBuyerReads = reason ? ` They are told: “${reason}”.` : " They are told you declined.";
  return `${buyerName}'s booking of ${carName} will be removed.${whatBuyerReads} This cannot be undone.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "decline:booking:own");
  const submission = parseForm(await readFormBody(request), declineFormSchema);
  if (submission.status !== "success") return failedAction(Object.values(submission.error ?? {})[0]?.[0]);
  const { id, reason } = submission.value;
  return actionResult(async () => {
    await declineBooking(context.app, seller, id, reason ?? "");
    return { ok: true, message: "Booking declined: the buyer has been told" };
  });
}

export default function ReceivedBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { list, confirm } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">Bookings</h1>
      <p>Buyers who booked your cars. The first to pay gets the car; you can decline a booking until it is paid.</p>
      <ResultBanner result={actionData} />
      {confirm && (
        <ConfirmPanel
          intent="decline"
          id={confirm.booking._id}
          fields={{ reason: confirm.reason }}
          title={`Decline ${confirm.booking.buyerName}'s booking?`}
          text={declineText(confirm.booking.buyerName, confirm.booking.productName, confirm.reason)}
          confirmLabel="Yes, decline the booking"
          cancelTo={`?page=${list.currentPage}`}
          cancelLabel="Keep the booking"
        />
      )}
      {list.data.length === 0 ? (
        <EmptyState title="Nobody has booked your cars yet." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {list.data.map((booking) => (
            <li key={booking._id} className="card flex flex-col gap-2 p-5">
              <h2 className="text-heading break-words">{booking.productName}</h2>
              <p className="font-semibold text-brand-700">{formatPrice(booking.resalePrice)}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-semibold text-slate-700">Buyer</dt>
                <dd className="break-words">{booking.buyerName}</dd>
                <dt className="font-semibold text-slate-700">Phone</dt>
                <dd className="break-words">
                  <a href={`tel:${booking.phone}`} className="inline-flex min-h-11 items-center underline">
                    {booking.phone}
                  </a>
                </dd>
                <dt className="font-semibold text-slate-700">Meet at</dt>
                <dd className="break-words">{booking.meetingLocation}</dd>
                <dt className="font-semibold text-slate-700">Booked</dt>
                <dd>{formatDateTime(booking.createdAt)}</dd>
              </dl>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                {booking.payment ? (
                  <>
                    <Badge tone={DEAL_STATUS_TONES[booking.payment.status]}>
                      {saleStatusLabel(booking.payment.status, booking.paidOut)}
                    </Badge>
                    <ButtonLink to={PATHS.sales} variant="secondary" size="sm">
                      See the sale
                    </ButtonLink>
                  </>
                ) : booking.paymentUnderWay ? (
                  <Badge tone="info">The buyer is paying</Badge>
                ) : null}
                {booking.conversationId && (
                  <ButtonLink to={pathTo(PATHS.messageThread, { id: booking.conversationId })} variant="secondary" size="sm">
                    Conversation with {booking.buyerName}
                  </ButtonLink>
                )}
              </div>
              {declinable(booking) && (
                <Form method="get" preventScrollReset className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3">
                  <input type="hidden" name="page" value={list.currentPage} />
                  <input type="hidden" name="decline" value={booking._id} />
                  <label htmlFor={`reason-${booking._id}`} className="font-medium">
                    Why you decline (optional, the buyer is told)
                  </label>
                  <input id={`reason-${booking._id}`} name="reason" maxLength={300} className={inputClass} />
                  <div>
                    <Button
                      type="submit"
                      variant="danger"
                      size="sm"
                      aria-label={`Decline booking: ${booking.productName}, ${booking.buyerName}`}
                    >
                      Decline booking
                    </Button>
                  </div>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Booking pages" />
    </main>
  );
}
