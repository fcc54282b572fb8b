import { afterAll, inject } from "vitest";
import { clientFor } from "./http-client";
import { startTestStack, type PaymentsKind } from "./stack";

/**
 * Starts an app of this test file's own, from the seeded template tests/global-setup.ts made: its
 * Worker, database, R2 bucket and fakes. Nothing another file does can change what this one sees,
 * so files run in parallel. Stopped after the file's tests. Call it at the top level of a module.
 */
export async function startFileStack(payments: PaymentsKind = "simulator") {
  const stack = await startTestStack(inject("stackTemplate"), payments);
  afterAll(() => stack.stop());
  return { ...stack, ...clientFor(stack.appUrl, stack.dbUrl, stack.dbAuthToken) };
}
