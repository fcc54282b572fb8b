import { DEMO_PASSWORD, DEMO_USERS } from "./seed/demo-data.ts";

/** The contract's demo accounts (api-contract.md, "Demo data"): the first five demo users; the market's other sellers and buyers follow. */
const CONTRACT_ACCOUNTS = DEMO_USERS.slice(0, 5);

function roleWords(user: (typeof DEMO_USERS)[number]): string {
  if (user.role !== "seller") return user.role;
  return user.sellerVerified ? "seller, verified" : "seller, not verified";
}

/** What `npm start` prints once the app answers: where it is, how to sign in, and how to move it. */
export function startBanner(appPort: number, dbUrl: string): string {
  const width = Math.max(...CONTRACT_ACCOUNTS.map((user) => user.email.length));
  return [
    // The address the app's links and emails use (APP_ORIGIN): signed in there, every link works.
    `Auto Reseller is running at http://127.0.0.1:${appPort} (database ${dbUrl}). Ctrl-C stops it.`,
    `Demo sign-ins, each with the password ${DEMO_PASSWORD}:`,
    ...CONTRACT_ACCOUNTS.map((user) => `  ${user.email.padEnd(width)}  ${roleWords(user)}`),
    "Other ports: PORT=<app> DB_PORT=<database> npm start.",
  ].join("\n");
}
