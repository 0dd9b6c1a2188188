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

/** SQLSTATE 23503: a row names one (a person, an actor) that is not there. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  postgresError(error)?.code === "23503";

/**
 * SQLSTATE class 22 (data exception: a value the column's type cannot hold, such as U+0000 in
 * text or an out-of-range date): the request's fault, so a 400. Returns the SQLSTATE or null.
 */
export function dataExceptionCode(error: unknown): string | null {
  const code = postgresError(error)?.code;
  return code?.startsWith("22") ? code : null;
}

/** SQLSTATEs of a server that is going away or not back yet: 57P01 admin_shutdown (a fast stop or
 * restart ended the session), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down); class 08 is a connection exception. */
const UNAVAILABLE_SQLSTATE = /^(57P0[1-3]|08...)$/;
/** Node's socket errors, and postgres.js's codes for a connection it lost or could not open. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
/** node-postgres's messages for a connection lost under a query, or a pool that found none. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
];

/**
 * The database did not answer because it is away for now (a restart, a failover, a network
 * break), not because of the query: the request may be tried again shortly
 * (http/error-handler.ts answers 503 with Retry-After; docs/operations.md "Database"). Looks
 * through Drizzle's wrapping (`cause`) on both drivers.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string") {
      if (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_CODES.has(e.code)) return true;
    }
    if (typeof e.message === "string") {
      const message = e.message;
      if (UNAVAILABLE_MESSAGES.some((start) => message.startsWith(start))) return true;
    }
    current = e.cause;
  }
  return false;
}
