import { PATHS, pathTo } from "~/lib/shared/paths";
import { ButtonLink } from "../ui/button";

/** What comes after booking: paying, which alone gets the car (the first buyer to pay gets it). */
export function PayNext({ bookingId }: { bookingId: string | null }) {
  return (
    <div className="mt-2 flex flex-col gap-3">
      <p>
        Next: pay to get the car. Booking reserves nothing, so the first buyer to pay gets it; your money is then held until you have the
        car.
      </p>
      <div className="flex flex-wrap gap-3">
        {bookingId && <ButtonLink to={pathTo(PATHS.payment, { id: bookingId })}>Pay now</ButtonLink>}
        <ButtonLink to={PATHS.myOrders} variant="secondary">
          My Orders
        </ButtonLink>
      </div>
    </div>
  );
}
