// Recognises PostgreSQL errors the same way on pg and PGlite (both carry the SQLSTATE in `code`).

/** The PostgreSQL error inside what a query threw (Drizzle wraps it as the `cause`), if any. */
function postgresError(error: unknown): { code: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: e.constraint };
    }
    current = e.cause;
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresError(error);
  if (found?.code !== "23505") return false;
  return constraint === undefined || found.constraint === constraint;
}

/**
 * SQLSTATE class 22 (data exception: a value the column's type cannot hold, such as U+0000 in
 * text or an out-of-range date): the request's fault, so a 400. Returns the SQLSTATE or null.
 */
export function dataExceptionCode(error: unknown): string | null {
  const code = postgresError(error)?.code;
  return code?.startsWith("22") ? code : null;
}
