// Header people search (spec-1 §2, §7): case-insensitive matches on username, default username
// and full name; fetch 20 per branch, deduplicate, rank the exact handle first, then prefixes, then
// the rest; top 15. Each branch reads its own index in order with its own limit (docs/search.md
// "Header search"), so one- and two-letter queries stay as cheap as longer ones:
//   one letter:    the exact handle, and prefixes of the username, the handle and the name;
//   two letters:   also the start of the name's second word (its own text_pattern_ops index);
//   three or more: also anywhere in any of the three (pg_trgm).
// The branches' SQL is findPeople in queries.ts.
import type { Db } from "../../db/client";
import { personWith } from "../profiles/person";
import { findPeople } from "./queries";

/** The query as typed, trimmed, without a leading @, lower-cased; LIKE wildcards made literal. */
export function searchTerm(raw: string): { text: string; like: string } {
  const text = raw.trim().replace(/^@+/, "").trim().toLowerCase().slice(0, 64);
  return { text, like: text.replace(/[\\%_]/g, (c) => `\\${c}`) };
}

export async function searchPeople(
  db: Db,
  { viewerId, query }: { viewerId: string | null; query: string },
) {
  const { text, like } = searchTerm(query);
  if (!text) return [];
  const rows = await findPeople(db, { viewerId, text, like });
  return rows.map((row) => personWith(row, { following: Boolean(row.following) }));
}
