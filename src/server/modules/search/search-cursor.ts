// The advanced search's cursor, sealed (docs/search.md "Search budget"): the position the index
// pages from (service.ts), how many pages of this search were read before it, and an HMAC over both
// with the viewer and the filter set, keyed by SESSION_SECRET. So a client cannot lower the count
// to read past page 20, nor carry a deep position into another search or to another account.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ERROR_CODES } from "../../../domain/error-codes";
import { badRequest } from "../../errors";

/** Pages one search may read (docs/search.md "Search budget"): 1,200 people at 60 a page. */
export const MAX_PAGES_PER_SEARCH = 20;

export const invalidCursor = () =>
  badRequest(ERROR_CODES.validation, "Invalid cursor", { cursor: ["Invalid cursor"] });

const tooDeep = () => {
  const message = `Search shows the first ${MAX_PAGES_PER_SEARCH} pages of results. Add a filter or change the text to see other people.`;
  return badRequest(ERROR_CODES.validation, message, { cursor: [message] });
};

interface Seal {
  secret: string;
  viewerId: string;
  filterSet: string;
}

const mac = (seal: Seal, position: string, pagesRead: number) =>
  createHmac("sha256", seal.secret)
    .update(`search-cursor\n${seal.viewerId}\n${seal.filterSet}\n${pagesRead}\n${position}`)
    .digest("base64url");

/** `position.pagesRead.mac`: the position is base64url, so it holds no dot. */
export function sealCursor(position: string, pagesRead: number, seal: Seal): string {
  return `${position}.${pagesRead}.${mac(seal, position, pagesRead)}`;
}

/**
 * The position and the pages read before it, of a cursor this server made for this viewer and
 * filter set; `{ position: undefined, pagesRead: 0 }` for the first page. Anything else is 'Invalid
 * cursor'; a cursor past the last page a search may read is a 400 that says so.
 */
export function openCursor(
  raw: string | undefined,
  seal: Seal,
): { position: string | undefined; pagesRead: number } {
  if (!raw) return { position: undefined, pagesRead: 0 };
  const [position, count, signature, ...rest] = raw.split(".");
  const pagesRead = Number(count);
  if (
    !position ||
    !signature ||
    rest.length > 0 ||
    !/^\d{1,4}$/.test(count ?? "") ||
    !sameText(signature, mac(seal, position, pagesRead))
  ) {
    throw invalidCursor();
  }
  if (pagesRead >= MAX_PAGES_PER_SEARCH) throw tooDeep();
  return { position, pagesRead };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
