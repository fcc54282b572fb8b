import { Link } from "react-router";
import { roleMay } from "~/lib/accounts/policy";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { loginUrl } from "~/lib/accounts/redirects";
import { type Car } from "~/lib/schemas/types";
import { useOptionalUser } from "~/lib/site/use-user";
import { MessageForm } from "./message-form";

/** Where "Message" buttons on a car's page lead: this section. */
export const MESSAGE_SELLER_ID = "message-seller";

/** Whether the viewer is offered a message to the seller: signed out (after sign-in) or an account that may start one, for a car for sale. */
export function mayMessage(user: ReturnType<typeof useOptionalUser>, car: Pick<Car, "isPaid">): boolean {
  return !car.isPaid && (!user || roleMay(user.role, "start:conversation"));
}

/**
 * "Message the seller" on a car's page: buyers write here (it posts to the car's message page,
 * which opens the conversation); signed-out visitors are asked to sign in first. Sold cars and
 * accounts that cannot start conversations (sellers, admins) get nothing.
 */
export function MessageSeller({ car }: { car: Car }) {
  const user = useOptionalUser();
  if (!mayMessage(user, car)) return null;
  const messagePage = pathTo(PATHS.messageSeller, { id: car._id });
  return (
    <section id={MESSAGE_SELLER_ID} aria-labelledby="message-seller-heading" className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 id="message-seller-heading" className="font-bold">
        Message the seller
      </h3>
      {user ? (
        <MessageForm id="message-seller" label={`Your message to ${car.seller}`} action={messagePage} />
      ) : (
        <Link to={loginUrl(messagePage)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Sign in to message the seller
        </Link>
      )}
    </section>
  );
}
