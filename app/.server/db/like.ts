import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

/**
 * `column` contains `text` as typed (ASCII letters in any case). `%`, `_` and `\` in what a visitor
 * typed are characters, not LIKE's wildcards or its escape character: unescaped, `_` alone would
 * match every row, and a filter would filter nothing.
 */
export function likeContains(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}
