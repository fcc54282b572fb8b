import { type ActionResult } from "./action-result";
import { Invalid } from "./errors";
import { type AppContext } from "./context";
import { deleteBuyer, deleteSeller, listUsersByRole, verifySeller } from "./services/admin-users";
import { type UserRow } from "./services/users";
import { listQuerySchema, parseListQueryLeniently } from "~/lib/list-query";

export const usersListQuery = listQuerySchema(["name", "email"] as const, "name");
export const reportsListQuery = listQuerySchema(["productName", "seller"] as const, "productName");

export const DELETED: ActionResult = { ok: true, title: "Deleted!", message: "Your file has been deleted." };

/** The sellers or buyers page's data: the list as the URL asks for it (bad values fall back). */
export async function loadUsersPage(ctx: AppContext, request: Request, role: "seller" | "buyer") {
  const query = parseListQueryLeniently(usersListQuery, new URL(request.url).searchParams);
  return { query, list: await listUsersByRole(ctx, role, query) };
}

/** A row action on the sellers or buyers page. */
export async function runUserAction(ctx: AppContext, admin: UserRow, role: "seller" | "buyer", intent: string, id: string): Promise<ActionResult> {
  if (intent === "verify") {
    if (role !== "seller") throw new Invalid("Only sellers can be verified");
    await verifySeller(ctx, admin, id);
    return { ok: true, title: "Verified successfully", message: "" };
  }
  await (role === "seller" ? deleteSeller : deleteBuyer)(ctx, admin, id);
  return DELETED;
}
