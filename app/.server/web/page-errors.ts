// What pages answer when a service refuses, as workers/api/core/errors.ts does for the API: typed domain
// errors become the form's errors, a row action's result (toast or status line) or the error page.
// Anything else is a real failure and goes on to the error boundary (500).
import { type Submission } from "@conform-to/react";
import { data, redirect } from "react-router";
import { type ActionResult } from "~/lib/shared/action-result";
import { type ToastMessage } from "~/lib/shared/toast";
import { type AppContext } from "../context";
import { DomainError, retryAfterSeconds } from "../errors";
import { flashHeader } from "./flash";

/**
 * Runs a form action's service call. A domain error comes back as the form's answer with the
 * error's status: its message under the form, or under each field it names (a 429 with Retry-After).
 */
export function formAnswer<Output, T>(submission: Submission<Output>, work: () => Promise<T>, options: { hideFields?: string[] } = {}) {
  return onRefusal(work, (error) => {
    const issues = error.issues ?? [];
    const fieldErrors = Object.fromEntries(issues.map((issue) => [issue.path, [issue.message]]));
    const reply = submission.reply({ formErrors: issues.length ? [] : [error.message], fieldErrors, hideFields: options.hideFields });
    const retryAfter = retryAfterSeconds(error);
    return data(reply, { status: error.status, headers: retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) } });
  });
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

/** Runs a row or card action's service call; a domain error becomes a failed result with its status. */
export function actionResult(work: () => Promise<ActionResult>) {
  return onRefusal(work, (error) => failedAction(error.message, error.status));
}

/**
 * Runs a form action's service call (its success may be a redirect); a domain error becomes
 * `{ ...form, ok: false, message }` with the error's status, and Retry-After for a 429. `form` says
 * which of the page's forms answered, where it has several.
 */
export function formResult<T, Form extends object>(work: () => Promise<T>, form: Form) {
  return onRefusal(work, (error) => {
    const retryAfter = retryAfterSeconds(error);
    return data(
      { ...form, ok: false as const, message: error.message },
      { status: error.status, headers: retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) } },
    );
  });
}

/** A row or card action that cannot run as posted (400 unless said otherwise). */
export function failedAction(message = "That action is not available", status = 400) {
  return data<ActionResult>({ ok: false, message }, { status });
}

export const DELETED: ActionResult = { ok: true, title: "Deleted!", message: "Your file has been deleted." };

/**
 * Runs a loader's service call: a domain error becomes the page's error response (404 shows the
 * not-found page, others the error page).
 */
export function orPageError<T>(work: () => Promise<T>): Promise<T> {
  return onRefusal(work, (error) => {
    throw data(error.message, { status: error.status });
  });
}

/** Runs a step whose refusal sends the browser to `to`, where the message shows as an error toast. */
export function orRedirectWithError(ctx: AppContext, to: string, work: () => Promise<Response>, cookies: string[] = []) {
  return onRefusal(work, (error) => redirectWithToast(ctx, to, { type: "error", message: error.message }, cookies));
}

/** After a form post: on to the next page, which shows the toast once (other cookies to set go first). */
export function redirectWithToast(ctx: AppContext, to: string, toast: ToastMessage, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of [...cookies, flashHeader(ctx, toast)]) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** The work's result, or the answer to its domain error; any other error goes on. */
async function onRefusal<T, A>(work: () => Promise<T>, answer: (error: DomainError) => A): Promise<T | A> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return answer(error);
    throw error;
  }
}
