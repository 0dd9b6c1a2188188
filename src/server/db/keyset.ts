// Keyset pagination (docs/architecture.md "Lists"): a page ends at the (timestamp, id) of its last
// row; the next page starts strictly after it in the list's order. Cursors are opaque to clients
// (base64url JSON) and decoded with a schema, so a hand-made one is a 400, never a database error.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { ERROR_CODES } from "../../domain/error-codes";
import { badRequest } from "../errors";

export interface Cursor {
  at: Date;
  id: string;
}

/** The dates PostgreSQL and JavaScript both hold exactly (years 1 to 9999). */
const MIN_AT = Date.UTC(1, 0, 1);
const MAX_AT = Date.UTC(9999, 11, 31);

const wireCursor = z.object({
  at: z.iso.datetime(),
  id: z.string().min(1).max(64),
});

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify({ at: cursor.at.toISOString(), id: cursor.id })).toString("base64url");

/** `idSchema` narrows the id (a uuid for posts and comments); anything else is 'Invalid cursor'. */
export function decodeCursor(
  raw: string | undefined,
  idSchema: z.ZodType<string> = wireCursor.shape.id,
): Cursor | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  const parsed = wireCursor.safeParse(value);
  const at = parsed.success ? Date.parse(parsed.data.at) : Number.NaN;
  if (
    !parsed.success ||
    !(at >= MIN_AT && at <= MAX_AT) ||
    !idSchema.safeParse(parsed.data.id).success
  ) {
    throw badRequest(ERROR_CODES.validation, "Invalid cursor", { cursor: ["Invalid cursor"] });
  }
  return { at: new Date(at), id: parsed.data.id };
}

const uuidId = z.uuid();

/** A cursor over rows whose ids are UUIDs (posts, notes, messages, comments); the id's schema is
 * built once, not per request. */
export const decodeUuidCursor = (raw: string | undefined): Cursor | null =>
  decodeCursor(raw, uuidId);

/**
 * Rows strictly after the cursor in a (timestamp, id) order: `desc` for newest first. A row
 * comparison, so PostgreSQL uses it as a bound on an index over the same two columns.
 */
export function keysetBefore(
  key: { at: SQLWrapper; id: SQLWrapper; idType?: "uuid" | "text" },
  cursor: Cursor | null,
  order: "desc" | "asc" = "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  const id = sql`${cursor.id}::${sql.raw(key.idType ?? "text")}`;
  return order === "desc"
    ? sql`(${key.at}, ${key.id}) < (${cursor.at}, ${id})`
    : sql`(${key.at}, ${key.id}) > (${cursor.at}, ${id})`;
}

/**
 * Newest first in the order of an index built with `.desc()` (DESC NULLS LAST), so PostgreSQL reads
 * the index in order instead of sorting; a plain `desc()` means NULLS FIRST and misses it.
 */
export const newestFirst = (column: SQLWrapper) => sql`${column} desc nulls last`;

/** Splits a limit+1 fetch into the page and the cursor of the next one. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  key: (row: T) => Cursor,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(key(last)) : null };
}
