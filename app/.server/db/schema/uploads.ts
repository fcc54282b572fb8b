import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

/**
 * Every photo uploaded through the app, with its real dimensions (for layout). Uploads that no
 * car or category refers to a day later are removed by the scheduled clean-up.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_uploader_idx").on(t.uploaderId, t.createdAt), index("uploads_created_idx").on(t.createdAt)],
);

/**
 * Photo uploads a browser was given a pre-signed URL for and has not completed yet. Completing one
 * checks the stored bytes and moves it to `uploads`; the clean-up removes the rest (and any object
 * sent for them) once they are a day old.
 */
export const directUploads = sqliteTable(
  "direct_uploads",
  {
    key: text("key").primaryKey(),
    uploaderId: text("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("direct_uploads_created_idx").on(t.createdAt)],
);
