// `npm test`: every test layer. Installs Debian's Chromium for the browser tests when it is missing,
// builds the app once, then runs the unit, integration (Worker in workerd) and browser tests.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function run(command: string) {
  const { status } = spawnSync(command, { stdio: "inherit", shell: true });
  if (status !== 0) process.exit(status ?? 1);
}

if (!existsSync("/usr/bin/chromium")) {
  console.log("Installing Chromium for the browser tests (apt-get)...");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
}

run("npx react-router typegen && npx tsc -p tsconfig.json && npx tsc -p tsconfig.node.json");
run("npx react-router build");
run(`npx vitest run ${process.argv.slice(2).join(" ")}`);
