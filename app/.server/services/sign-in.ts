import { redirect } from "react-router";
import { PATHS } from "~/lib/paths";
import { safeRedirect } from "~/lib/redirects";
import { type ToastMessage } from "~/lib/toast";
import { type AppContext } from "../context";
import { flashHeader } from "../flash";
import { checkSecondFactor } from "./two-factor";
import { requireUserById, type UserRow } from "./users";
import { createSession } from "../auth/sessions";
import { clearTwoFactorTicketHeader, twoFactorTicketHeader, spendTwoFactorTicket, type TwoFactorTicket } from "../auth/two-factor-cookie";

/**
 * After the password (or a provider) has vouched for the user: either the two-factor step, or a
 * brand-new session and the way back to where they were going.
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
  if (options.toast) headers.append("Set-Cookie", flashHeader(ctx, options.toast));
  return redirect(target, { headers });
}

/** The two-factor step of a page sign-in: the code (under the abuse limits), then the ticket is used up. */
export async function finishTwoFactorSignIn(ctx: AppContext, ticket: TwoFactorTicket, code: string, redirectTo: unknown) {
  const user = await requireUserById(ctx, ticket.userId);
  await checkSecondFactor(ctx, user, code);
  await spendTwoFactorTicket(ctx, ticket);
  return finishSignIn(ctx, user, redirectTo, { skipSecondFactor: true });
}
