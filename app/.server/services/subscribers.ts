import { carChanged, everyPageChanged, nothingPublicChanged, PAGE_TAGS } from "../page-changes";
import { recordAdminAct } from "./admin/audit";
import { type Subscribers } from "./events";
import {
  disputeDecidedNotices,
  disputeOpenedNotices,
  givenBackNotices,
  payoutNotices,
  providerRefundNotices,
  refundDecidedNotices,
} from "./notifications/deal-notices";
import {
  bookingDeclinedNotices,
  bookingNotices,
  matchNotices,
  messageNotices,
  offersEndedNotices,
  priceDropNotices,
  saleNotices,
  soldNotices,
} from "./notifications/notices";
import { notify } from "./notifications/notifications";
import { offerExpiredNotices, offerStepNotices } from "./notifications/offer-notices";
import { queueListingMatch, queueRepricing } from "./search/listings-queue";

// Who acts on each event (events.ts): the notifications tell people, the audit trail keeps admins'
// acts, the listings queue matches and reprices, and the page cache learns which public pages a
// change touched once it has succeeded (workers/page-cache.ts empties them after the response).
export const SUBSCRIBERS: Subscribers = {
  admin_acted: [recordAdminAct],
  car_changed: [(ctx, { car }) => ({ afterCommit: async () => carChanged(ctx.changedPages, car) })],
  car_bookings_changed: [(ctx, { carId }) => ({ afterCommit: async () => void ctx.changedPages.add(PAGE_TAGS.car(carId)) })],
  private_data_changed: [(ctx) => ({ afterCommit: async () => nothingPublicChanged(ctx.changedPages) })],
  account_removed: [(ctx) => ({ afterCommit: async () => everyPageChanged(ctx.changedPages) })],
  car_listed: [queueListingMatch],
  comparables_changed: [queueRepricing],
  car_price_dropped: [notify(priceDropNotices)],
  car_booked: [notify(bookingNotices)],
  booking_declined: [notify(bookingDeclinedNotices)],
  car_sold: [notify(soldNotices), notify(saleNotices), notify(offersEndedNotices)],
  payment_given_back: [notify(givenBackNotices)],
  payout_sent: [notify(payoutNotices)],
  dispute_opened: [notify(disputeOpenedNotices)],
  dispute_decided: [notify(disputeDecidedNotices)],
  refund_decided: [notify(refundDecidedNotices)],
  refunded_at_provider: [notify(providerRefundNotices)],
  offer_step: [notify(offerStepNotices)],
  offer_expired: [notify(offerExpiredNotices)],
  message_sent: [notify(messageNotices)],
  saved_searches_matched: [notify(matchNotices)],
};
