// npm run test:money -- --runs 5000 [--seed N]: the money model (app/.server/services/deals/money-model.test.ts)
// over more random sequences than `npm test` runs (50), or replaying one seed a failure printed.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5000" }, seed: { type: "string" } } });
if (!/^\d+$/.test(values.runs) || (values.seed !== undefined && !/^-?\d+$/.test(values.seed))) {
  console.error("Usage: npm run test:money -- [--runs N] [--seed N]");
  process.exit(2);
}
const started = Date.now();
const { status } = spawnSync("npx vitest run --project unit app/.server/services/deals/money-model.test.ts", {
  stdio: "inherit",
  shell: true,
  env: { ...process.env, MONEY_RUNS: values.runs, ...(values.seed ? { MONEY_SEED: values.seed } : {}) },
});
console.log(
  `The money model: ${values.runs} sequences in ${Math.round((Date.now() - started) / 1000)} s, ${status === 0 ? "all held" : "FAILED"}.`,
);
process.exit(status ?? 1);
