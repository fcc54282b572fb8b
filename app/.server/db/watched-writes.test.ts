import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../tests/support/test-database";
import { watchWrites, writtenTable } from "./watched-writes";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("writtenTable", () => {
  it.each<[string, string | null | undefined]>([
    ['insert into "rate_limits" ("key", "count") values (?, ?)', "rate_limits"],
    ["insert or ignore into favourites (user_id) values (?)", "favourites"],
    ["replace into sessions (id) values (?)", "sessions"],
    ['update "products" set "resale_price" = ?', "products"],
    ['delete from "favourites" where "user_id" = ?', "favourites"],
    ['select "id" from "products"', undefined],
    ["with recent as (select 1) select * from recent", undefined],
    ["with doomed as (select id from products) delete from products where id in doomed", null],
    ["create table t (x)", null],
  ])("%s → %s", (sql, table) => {
    expect(writtenTable(sql)).toBe(table);
  });
});

describe("watchWrites", () => {
  it("tells of each statement that changed rows, alone or in a batch, and of none that changed nothing", async () => {
    const written: (string | null)[] = [];
    const client = watchWrites(database.context().db.$client, (table) => written.push(table));
    const key = `watched-${crypto.randomUUID()}`;
    await client.execute("select count(*) from products");
    await client.execute({ sql: "update products set resale_price = 1 where id = ?", args: ["no-such-car"] });
    expect(written).toEqual([]);
    await client.execute({ sql: "insert into rate_limits (key, count, reset_at) values (?, 1, 0)", args: [key] });
    expect(written).toEqual(["rate_limits"]);
    await client.batch([
      "select 1",
      { sql: "insert into rate_limits (key, count, reset_at) values (?, 1, 0) on conflict (key) do nothing", args: [key] },
      { sql: "delete from rate_limits where key = ?", args: [key] },
    ]);
    expect(written).toEqual(["rate_limits", "rate_limits"]);
  });
});
