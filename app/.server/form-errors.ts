import { type Submission } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";
import { missingFieldMessage } from "~/lib/schemas/missing-field";
import { data } from "react-router";
import { DomainError } from "./errors";

/**
 * Turns a domain error into the form's answer: the message under the form (and under each field
 * it names), with the error's status. Anything unexpected goes on to the error boundary.
 */
export function formFailure<Output>(
  submission: Submission<Output>,
  error: unknown,
  options: { hideFields?: string[]; field?: string } = {},
) {
  if (!(error instanceof DomainError)) throw error;
  const issues = error.issues ?? (options.field ? [{ path: options.field, message: error.message }] : []);
  const fieldErrors = Object.fromEntries(issues.map((issue) => [issue.path, [issue.message]]));
  const reply = submission.reply({ formErrors: issues.length ? [] : [error.message], fieldErrors, hideFields: options.hideFields });
  const headers: HeadersInit = "retryAfterSeconds" in error ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return data(reply, { status: error.status, headers });
}

/** The answer to a submission that failed validation. */
export function invalidForm<Output>(submission: Submission<Output>, hideFields: string[] = []) {
  return data(submission.reply({ hideFields }), { status: 400 });
}

/** A route's `headers` export that passes on an action's Retry-After (429 answers). */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/**
 * Parses a posted form with its schema (as Conform does in the browser). A field missing from
 * the post gets the field's own message, as if it had been sent empty.
 */
export function parseForm<Schema extends v.GenericSchema>(formData: FormData, schema: Schema) {
  const submission = parseWithValibot(formData, { schema });
  if (submission.status === "error" && submission.error) {
    for (const [path, messages] of Object.entries(submission.error)) {
      if (messages?.[0]?.startsWith("Invalid key")) submission.error[path] = [missingFieldMessage(schema, path) ?? messages[0]];
    }
  }
  return submission;
}
