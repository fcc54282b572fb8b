import { type Submission } from "@conform-to/react";
import { data } from "react-router";
import { DomainError } from "./errors";

/**
 * Turns a domain error into the form's answer: the message under the form (and under each field
 * it names), with the error's status. Anything unexpected goes on to the error boundary.
 */
export function formFailure<Output>(submission: Submission<Output>, error: unknown, hideFields: string[] = []) {
  if (!(error instanceof DomainError)) throw error;
  const fieldErrors = Object.fromEntries((error.issues ?? []).map((issue) => [issue.path, [issue.message]]));
  const reply = submission.reply({ formErrors: error.issues?.length ? [] : [error.message], fieldErrors, hideFields });
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
