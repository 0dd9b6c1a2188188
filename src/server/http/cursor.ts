// Opaque keyset cursors: the (timestamp, id) of the last row of a page, base64url-encoded JSON.
import { ERROR_CODES } from "../../domain/contracts/errors";
import { badRequest } from "../errors";

export interface Cursor {
  at: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString("base64url");

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<Cursor>;
    if (
      typeof value.at === "string" &&
      typeof value.id === "string" &&
      !Number.isNaN(Date.parse(value.at))
    ) {
      return { at: value.at, id: value.id };
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(ERROR_CODES.validation, "Invalid cursor");
}

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
