import { useEffect, useState } from "react";
import { formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type CarDetail } from "~/lib/schemas/types";
import { useOptionalUser } from "~/lib/site/use-user";
import { type CarActionsState } from "~/lib/catalog/viewer-car-actions";
import { MESSAGE_SELLER_ID, mayMessage } from "../messages/message-seller";
import { buttonClass } from "../ui/button";

/** The id of the car page's price box, which the sticky bar watches. */
export const PRICE_BOX_ID = "price-box";

const telHref = (mobile: string) => `tel:${mobile.replace(/[^\d+]/g, "")}`;

// In the bar, narrower buttons (still 44 px high), so price and three buttons fit a 360 px phone.
const barButton = "px-2.5 whitespace-nowrap";

/** Message (to the seller's message form on the page), Call and Make an offer, beside Book Now in the price box (and in the bar, `compact`). */
export function ContactActions({ car, compact = false }: { car: CarDetail; compact?: boolean }) {
  const user = useOptionalUser();
  const extra = compact ? barButton : undefined;
  return (
    <>
      {mayMessage(user, car) && (
        <a href={`#${MESSAGE_SELLER_ID}`} className={buttonClass({ variant: "secondary" }, extra)}>
          Message
        </a>
      )}
      <a href={telHref(car.mobile)} aria-label={`Call the seller: ${car.mobile}`} className={buttonClass({ variant: "secondary" }, extra)}>
        Call
      </a>
      {/* After Call, so price, Book Now, Message and Call keep the phone's first screen; the bar has
          room for it from 390 px. */}
      {mayMessage(user, car) && (
        <a
          href={pathTo(PATHS.makeOffer, { id: car._id })}
          aria-label={`Make an offer on ${car.productName}`}
          className={buttonClass({ variant: "secondary" }, compact ? `${barButton} max-[389px]:hidden` : undefined)}
        >
          {compact ? "Offer" : "Make an offer"}
        </a>
      )}
    </>
  );
}

/**
 * On phones, once the price box has scrolled away above: a bar along the bottom with the price,
 * Book Now, Message and Call. It needs JavaScript to know where the page is; without it the price
 * box's own buttons serve (the bar stays hidden).
 */
export function StickyCarBar({ car, actions }: { car: CarDetail; actions: CarActionsState }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const box = document.getElementById(PRICE_BOX_ID);
    if (!box) return;
    const observer = new IntersectionObserver(([entry]) => setShown(!entry.isIntersecting && entry.boundingClientRect.bottom < 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  if (car.isPaid) return null;
  const offerBooking = actions.mayBook && !actions.booked;
  return (
    <div
      hidden={!shown}
      aria-label="Price and contact"
      role="region"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-3 py-2 shadow-lg lg:hidden"
    >
      <div className="flex items-center gap-1.5">
        <p className="mr-auto text-lg font-extrabold whitespace-nowrap text-brand-700">{formatPrice(car.resalePrice)}</p>
        {offerBooking && (
          <a
            href={pathTo(PATHS.book, { id: car._id })}
            onClick={(event) => {
              // The price box's Book Now owns the booking dialog: the bar's opens it there.
              const bookNow = document.getElementById(PRICE_BOX_ID)?.querySelector<HTMLElement>('a[aria-label^="Book Now"]');
              if (!bookNow) return;
              event.preventDefault();
              bookNow.click();
            }}
            className={buttonClass({ variant: "primary" }, barButton)}
          >
            Book Now
          </a>
        )}
        <ContactActions car={car} compact />
      </div>
    </div>
  );
}
