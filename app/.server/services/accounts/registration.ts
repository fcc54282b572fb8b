import { type SignUpInput } from "~/lib/schemas/accounts";
import { hashPassword } from "../../auth/passwords";
import { consumeLimit, LIMITS } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import { Conflict } from "../../errors";
import { sendEmailVerification } from "./email-links";
import { type UserRow } from "../users/users";

/** Creates a buyer or seller account (never an admin) and sends the email verification link. */
export async function registerUser(ctx: AppContext, input: SignUpInput): Promise<UserRow> {
  await consumeLimit(ctx, LIMITS.registrationIp, ctx.clientIp);
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({ name: input.name, email: input.email.toLowerCase(), passwordHash, role: input.accountType })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("An account with this email already exists");
    throw error;
  }
  await sendEmailVerification(ctx, user);
  return user;
}
