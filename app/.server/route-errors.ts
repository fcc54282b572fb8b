import { data } from "react-router";
import { DomainError } from "./errors";

/**
 * Runs a loader's service call and turns a domain error into the page's error response
 * (404 shows the not-found page, others the error page). Anything else is a real failure.
 */
export async function orPageError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}
