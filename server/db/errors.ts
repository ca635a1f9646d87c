/** A unique constraint refused the write: SQLite says it by name, PostgreSQL by SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * SQLSTATEs with which PostgreSQL refuses a value a caller sent: a number out of the column's range,
 * text over its length, a NUL or an untranslatable character in text, text that is no number or
 * date. SQLite stores all of these, so a request that passes on one database must not be a 500 on
 * the other: it is the caller's bad value.
 */
const REFUSED_VALUE = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && REFUSED_VALUE.has(code);
}
