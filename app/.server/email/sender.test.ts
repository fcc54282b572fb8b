import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../tests/support/test-database";
import { outbox } from "../db/schema";
import { createEmailSender } from "./sender";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("email sender", () => {
  it("posts to the email API when its key is configured", async () => {
    const received: { authorization?: string; body: unknown }[] = [];
    const api = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
        response.writeHead(200, { "content-type": "application/json" }).end('{"id":"email_1"}');
      });
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(api.address() as { port: number }).port}/emails`;
    const env = { EMAIL_API_URL: url, EMAIL_API_KEY: "re_test", EMAIL_FROM: "Auto Reseller <no-reply@x.test>" } as Env;
    await createEmailSender(env, "production", database.context().db).send({ to: "a@x.test", subject: "Hi", text: "Body" });
    api.close();
    expect(received).toEqual([
      { authorization: "Bearer re_test", body: { from: "Auto Reseller <no-reply@x.test>", to: ["a@x.test"], subject: "Hi", text: "Body" } },
    ]);
  });

  it("keeps mail in the local outbox in development and refuses to pretend in production", async () => {
    const ctx = database.context();
    await createEmailSender({} as Env, "development", ctx.db).send({ to: "b@x.test", subject: "Local", text: "Kept" });
    const rows = await ctx.db.select().from(outbox);
    expect(rows.map((row) => row.subject)).toContain("Local");
    await expect(createEmailSender({} as Env, "production", ctx.db).send({ to: "c@x.test", subject: "S", text: "T" })).rejects.toThrow(
      /No email API/,
    );
  });
});
