import { redirect } from "react-router";
import { PATHS } from "~/lib/shared/paths";
import { pendingFavourite, safeRedirect } from "~/lib/accounts/redirects";
import { type ToastMessage } from "~/lib/shared/toast";
import { type AppContext } from "../../context";
import { DomainError } from "../../errors";
import { flashHeader } from "../../web/flash";
import { createSession, destroySession } from "../../auth/sessions";
import {
  clearTwoFactorTicketHeader,
  readTwoFactorTicket,
  twoFactorTicketHeader,
  spendTwoFactorTicket,
  type TwoFactorTicket,
} from "../../auth/two-factor-cookie";
import { saveFavourite } from "../search/favourites";
import { checkSecondFactor } from "./two-factor";
import { requireUserById, type UserRow } from "../users/users";

/**
 * After the password (or a provider) has vouched for the user: either the two-factor step, or a
 * brand-new session and the way back to where they were going, finishing the favourite they
 * started while signed out (the target says which car).
 */
export async function finishSignIn(
  ctx: AppContext,
  user: UserRow,
  redirectTo: unknown,
  options: { toast?: ToastMessage; skipSecondFactor?: boolean } = {},
) {
  const target = safeRedirect(redirectTo);
  const headers = new Headers();
  if (user.totpEnabled && !options.skipSecondFactor) {
    headers.append("Set-Cookie", await twoFactorTicketHeader(ctx, user.id));
    return redirect(`${PATHS.loginTwoFactor}?redirectTo=${encodeURIComponent(target)}`, { headers });
  }
  headers.append("Set-Cookie", await createSession(ctx, user.id));
  headers.append("Set-Cookie", clearTwoFactorTicketHeader(ctx));
  const favourite = pendingFavourite(target);
  const toast = favourite ? await saveOnArrival(ctx, user, favourite.productId) : options.toast;
  if (toast) headers.append("Set-Cookie", flashHeader(ctx, toast));
  return redirect(favourite?.then ?? target, { headers });
}

/** Saves the car a signed-out user tried to save; the toast says it is done, or why not (the car is gone). */
async function saveOnArrival(ctx: AppContext, user: UserRow, carId: string): Promise<ToastMessage> {
  try {
    await saveFavourite(ctx, user, carId);
    return { type: "success", message: "Saved to your favourites." };
  } catch (error) {
    if (error instanceof DomainError) return { type: "error", message: error.message };
    throw error;
  }
}

/** The sign-in waiting for its second factor (the ticket the password step left in a cookie), or null: the page goes back to sign-in. */
export function pendingTwoFactorSignIn(ctx: AppContext, request: Request): Promise<TwoFactorTicket | null> {
  return readTwoFactorTicket(ctx, request);
}

/** The two-factor step of a page sign-in: the code (under the abuse limits), then the ticket is used up. */
export async function finishTwoFactorSignIn(ctx: AppContext, ticket: TwoFactorTicket, code: string, redirectTo: unknown) {
  const user = await requireUserById(ctx, ticket.userId);
  await checkSecondFactor(ctx, user, code);
  await spendTwoFactorTicket(ctx, ticket);
  return finishSignIn(ctx, user, redirectTo, { skipSecondFactor: true });
}

/** Signs the request's session out; returns the Set-Cookie header that forgets it. */
export function signOut(ctx: AppContext, request: Request): Promise<string> {
  return destroySession(ctx, request);
}
