/** True when a write failed on a unique index (libSQL reports it in the message or its cause). */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/.test(text);
}

/** True when a write failed on a foreign key (a row still refers to the one being deleted). */
export function isForeignKeyViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /FOREIGN KEY constraint failed|SQLITE_CONSTRAINT_FOREIGNKEY/.test(text);
}
