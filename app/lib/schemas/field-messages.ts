import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";

/** Valibot's own wording (`Invalid key: Expected "rating" but received undefined`), which nobody should have to read. */
const LIBRARY_WORDING = /^(Invalid \w+:|Expected\b)/;
/** What a field says when its schema has no words of its own for what went wrong. */
export const CHECK_THIS_FIELD = "Check this field";

/**
 * The message a field gives for "no value", so a missing key reads like an empty field
 * ("Name is Required") rather than valibot's generic "Invalid key".
 */
function missingFieldMessage(schema: v.GenericSchema, path: string): string | undefined {
  let field: v.GenericSchema | undefined = schema;
  for (const key of path.split(".")) {
    field = (field as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries?.[key];
  }
  return field ? v.safeParse(field, undefined).issues?.[0]?.message : undefined;
}

/**
 * A field's message in people's words: the schema's own, or, where valibot worded it, what the
 * field says when it is left empty (its required message), else CHECK_THIS_FIELD.
 */
export function messageInWords(schema: v.GenericSchema, path: string, message: string): string {
  if (!LIBRARY_WORDING.test(message)) return message;
  const missing = missingFieldMessage(schema, path);
  return missing && !LIBRARY_WORDING.test(missing) ? missing : CHECK_THIS_FIELD;
}

/** Parses a posted form with its schema, in the browser (Conform) and in actions alike, every message in people's words. */
export function parseSubmission<Schema extends v.GenericSchema>(formData: FormData, schema: Schema) {
  const submission = parseWithValibot(formData, { schema });
  if (submission.status === "error" && submission.error) {
    for (const [path, messages] of Object.entries(submission.error)) {
      if (messages) submission.error[path] = messages.map((message) => messageInWords(schema, path, message));
    }
  }
  return submission;
}
