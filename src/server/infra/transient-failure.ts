// Whether a failure to store inbound mail is worth a retry (docs/mail.md "Inbound"): the database
// unreachable, restarting, overloaded or shutting down, a deadlock. An SMTP server that answers 4xx
// has the sender try again for days (RFC 5321 §4.5.4.1), so anything else, which would fail the
// same way on every try (data the database refuses, a bug), is answered 5xx and bounced at once.

/** SQLSTATE classes and codes of failures that can pass (PostgreSQL, Appendix A "Error Codes"). */
const TRANSIENT_SQLSTATE_CLASSES = ["08", "53", "58"]; // connection, resources, system (I/O)
const TRANSIENT_SQLSTATES = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "55P03", // lock_not_available
  "57014", // query_canceled (statement timeout)
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "25006", // read_only_sql_transaction (a failover in progress)
]);

/** Socket and name look-up errors of a connection to the database. */
const TRANSIENT_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
]);

/**
 * What pg, pg-pool and PGlite say when there is no connection to use: connections that broke or
 * timed out, and a pool or an embedded database already closed because this instance is stopping
 * (the next try reaches an instance that runs).
 */
const TRANSIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|PGlite is closed)/;

function isTransientOne(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  if (TRANSIENT_NODE_CODES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code)) {
    return TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2));
  }
  return typeof error.message === "string" && TRANSIENT_MESSAGES.test(error.message);
}

/**
 * True when the error, or an error it wraps (Drizzle's `cause`, the `errors` of an
 * AggregateError from a connection to several addresses), is a transient one.
 */
export function isTransientFailure(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (isTransientOne(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isTransientFailure(inner, depth + 1))) {
    return true;
  }
  return isTransientFailure(e.cause, depth + 1);
}
