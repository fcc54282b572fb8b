import { afterAll, inject } from "vitest";
import { clientFor } from "./http-client";
import { startTestStack, type PaymentsKind } from "./stack";

/**
 * Starts an app of this test file's own, from the seeded template tests/global-setup.ts made: its
 * Worker, database, R2 bucket and fakes. Nothing another file does can change what this one sees,
 * so files run in parallel. Stopped after the file's tests. Call it at the top level of a module.
 * `vars` adds to (or overrides) the Worker's configuration variables.
 */
export async function startFileStack(payments: PaymentsKind = "simulator", vars: Record<string, string> = {}) {
  const stack = await startTestStack(inject("stackTemplate"), payments, vars);
  afterAll(() => stack.stop());
  return { ...stack, ...clientFor(stack.appUrl, stack.dbUrl, stack.dbAuthToken) };
}
