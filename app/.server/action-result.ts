import { data } from "react-router";
import { DomainError } from "./errors";

/** What a small row or card action answers: a message for a toast or a status line. */
export interface ActionResult {
  ok: boolean;
  message: string;
  title?: string;
}

/** Runs an action's service call; a domain error becomes a failed result with its status. */
export async function actionResult(work: () => Promise<ActionResult>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return data<ActionResult>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}
