import * as v from "valibot";

/**
 * The message a field gives for "no value", so a missing key reads like an empty field
 * ("Name is Required") rather than valibot's generic "Invalid key".
 */
export function missingFieldMessage(schema: v.GenericSchema, path: string): string | undefined {
  let field: v.GenericSchema | undefined = schema;
  for (const key of path.split(".")) {
    field = (field as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries?.[key];
  }
  return field ? v.safeParse(field, undefined).issues?.[0]?.message : undefined;
}
