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
import type { Db } from "../db/client";
import { preparedPer } from "../db/prepared";
import { mutedWords } from "../db/schema/safety";

/** What marks one item: the viewer's entries that match its texts, none for their own items. */
export type MutedMarker = (authorId: string | null, texts: readonly MatchableText[]) => string[];

const markNothing: MutedMarker = () => [];

/** The texts of the viewer's entries for a context at a moment: every page of posts, comments or
 * mail asks it, so it is prepared (db/prepared.ts). */
const activeEntries = preparedPer((db) =>
  db
    .select({ text: mutedWords.text })
    .from(mutedWords)
    .where(
      sql`${mutedWords.userId} = ${sql.placeholder("viewerId")}
        and ${sql.placeholder("context")} = any(${mutedWords.contexts})
        and (${mutedWords.expiresAt} is null
          or ${mutedWords.expiresAt} > ${sql.placeholder("now")}::timestamptz)`,
    )
    .orderBy(mutedWords.createdAt, mutedWords.id)
    .prepare("muted_words_active"),
);

/**
 * The marker of `viewerId`'s entries that apply to `context` at `now` (an entry expiring at
 * `now` no longer applies). Nobody signed in, or nothing muted: a marker that marks nothing.
 */
export async function mutedMarker(
  db: Db,
  { viewerId, context, now }: { viewerId: string | null; context: MutedWordContext; now: Date },
): Promise<MutedMarker> {
  if (viewerId === null) return markNothing;
  const rows = await activeEntries(db).execute({ viewerId, context, now: now.toISOString() });
  if (rows.length === 0) return markNothing;
  const match = mutedWordMatcher(rows.map((r) => r.text));
  return (authorId, texts) => (authorId === viewerId ? [] : match(texts));
}
