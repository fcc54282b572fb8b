import { text } from "drizzle-orm/sqlite-core";

// Ids are random UUID strings; times are ISO 8601 UTC strings (they sort as text).
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () =>
  text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString());
