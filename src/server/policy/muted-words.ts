// Which items a viewer's muted words collapse (docs/safety.md "Muted words"): the entries that
// apply to a context at a moment, and the mark each item then carries. The mark depends on the
// viewer and on the time, so it is worked out as each answer is presented, never kept with a
// post in the shared caches; the viewer's entries themselves may be kept (muted-word-cache.ts),
// as they change only when the viewer changes them. The use-cases that write the entries are in
// modules/safety/muted-words.ts.
import { sql } from "drizzle-orm";
import {
  type MatchableText,
  type MutedWordContext,
  mutedWordMatcher,
} from "../../domain/muted-words";
import type { Db } from "../db/client";
import { preparedPer } from "../db/prepared";
import { mutedWords } from "../db/schema/safety";

/** What marks one item: the viewer's entries that match its texts, none for their own items. */
export type MutedMarker = (authorId: string | null, texts: readonly MatchableText[]) => string[];

/** One of the viewer's entries, whatever its contexts and expiry. */
export interface MutedEntry {
  text: string;
  contexts: readonly MutedWordContext[];
  /** Milliseconds since the epoch; null: until the viewer removes it. */
  expiresAt: number | null;
}

export const markNothing: MutedMarker = () => [];

/** Every entry of the viewer's, oldest first: every page of posts, comments or mail asks it
 * (or its copy in memory), so it is prepared (db/prepared.ts). */
const entriesStatement = preparedPer((db) =>
  db
    .select({
      text: mutedWords.text,
      contexts: mutedWords.contexts,
      expiresAt: mutedWords.expiresAt,
    })
    .from(mutedWords)
    .where(sql`${mutedWords.userId} = ${sql.placeholder("viewerId")}`)
    .orderBy(mutedWords.createdAt, mutedWords.id)
    .prepare("muted_words_of"),
);

export async function mutedEntriesOf(db: Db, viewerId: string): Promise<MutedEntry[]> {
  const rows = await entriesStatement(db).execute({ viewerId });
  return rows.map((row) => ({
    text: row.text,
    contexts: row.contexts,
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).getTime(),
  }));
}

/**
 * The marker of the viewer's entries that apply to `context` at `now` (an entry expiring at `now`
 * no longer applies). Nothing that applies: a marker that marks nothing.
 */
export function markerOf(
  viewerId: string,
  entries: readonly MutedEntry[],
  { context, now }: { context: MutedWordContext; now: Date },
): MutedMarker {
  const at = now.getTime();
  const texts = entries
    .filter((e) => e.contexts.includes(context) && (e.expiresAt === null || e.expiresAt > at))
    .map((e) => e.text);
  if (texts.length === 0) return markNothing;
  const match = mutedWordMatcher(texts);
  return (authorId, items) => (authorId === viewerId ? [] : match(items));
}
