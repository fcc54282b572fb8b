import * as v from "valibot";

/** A row action on a dashboard table: which one, on which record. */
export function rowActionSchema<const Intents extends readonly [string, ...string[]]>(intents: Intents) {
  return v.object({
    intent: v.picklist(intents, "Unknown action"),
    id: v.pipe(v.string("Missing record"), v.nonEmpty("Missing record"), v.maxLength(64, "Missing record")),
  });
}
