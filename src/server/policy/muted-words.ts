// Which items a viewer's muted words collapse (docs/safety.md "Muted words"): the entries that
// apply to a context at a moment, and the mark each item then carries. The mark depends on the
// viewer and on the time, so it is worked out as each answer is presented, never kept with a
// post in the shared caches. The use-cases that write the entries are in
// modules/safety/muted-words.ts.
import { sql } from "drizzle-orm";
import {
  type MatchableText,
  type MutedWordContext,
  mutedWordMatcher,
} from "../../domain/muted-words";
import { type Db, queryRows } from "../db/client";

/** What marks one item: the viewer's entries that match its texts, none for their own items. */
export type MutedMarker = (authorId: string | null, texts: readonly MatchableText[]) => string[];

const markNothing: MutedMarker = () => [];

/**
 * The marker of `viewerId`'s entries that apply to `context` at `now` (an entry expiring at
 * `now` no longer applies). Nobody signed in, or nothing muted: a marker that marks nothing.
 */
export async function mutedMarker(
  db: Db,
  { viewerId, context, now }: { viewerId: string | null; context: MutedWordContext; now: Date },
): Promise<MutedMarker> {
  if (viewerId === null) return markNothing;
  const rows = await queryRows<{ text: string }>(
    db,
    sql`select text from muted_words
      where user_id = ${viewerId} and ${context} = any(contexts)
        and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)
      order by created_at, id`,
  );
  if (rows.length === 0) return markNothing;
  const match = mutedWordMatcher(rows.map((r) => r.text));
  return (authorId, texts) => (authorId === viewerId ? [] : match(texts));
}
