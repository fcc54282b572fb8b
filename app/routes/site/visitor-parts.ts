import * as v from "valibot";
import { data } from "react-router";
import { loadVisitorParts } from "~/.server/services/site/visitor-parts";
import { visitorPartsQuerySchema } from "~/lib/schemas/visitor-parts";
import { type Route } from "./+types/visitor-parts";

/**
 * GET /visitor-parts?cars=&car=&recent=1: the visitor's own parts of a page rendered for every
 * signed-in visitor (app/lib/visitor-parts.tsx), as JSON that no cache keeps. Bad input: 400 `{ message }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = v.safeParse(visitorPartsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.issues[0].message }, { status: 400 });
  const parts = await loadVisitorParts(context.app, request, parsed.output);
  return Response.json(parts, { headers: { "Cache-Control": "private, no-store" } });
}
