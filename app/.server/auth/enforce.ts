import { type Permission, refusalMessage, verdict } from "~/lib/accounts/policy";
import { type Role } from "~/lib/accounts/roles";
import { Forbidden, NotFound, Unauthorized } from "../errors";

/**
 * Refuses a caller the access policy does not allow, with the answer the policy gives (401, 403
 * or 404). Guards call it before reading data; services call it again with `isOwn` once they know
 * whose the thing is, and `othersMessage` for those it is not theirs.
 */
export function enforce(permission: Permission, user: { role: Role } | null, isOwn?: boolean, othersMessage = "Not found"): void {
  const outcome = verdict(permission, user, isOwn);
  if (outcome === "allowed") return;
  if (outcome === "sign-in") throw new Unauthorized();
  if (verdict(permission, user) !== "allowed") throw new Forbidden(refusalMessage(permission));
  throw outcome === "forbidden" ? new Forbidden(othersMessage) : new NotFound(othersMessage);
}
