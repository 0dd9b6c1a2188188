// SQL for quotes (docs/feed.md "Reposts and quotes"): a post's quote_of, the quoted post's
// quotes_count moved in the quote's own transaction (a new quote, its deletion, its detaching),
// and the quoted posts' authors a reader may see, read once per page for every card on it.
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { posts } from "../../db/schema/posts";
import { notMutedBy, seesPostsOf, type Viewer } from "../../policy/visibility";

/** Adds `delta` to the post's quote count (a deleted post's too, so that count stays the quotes'
 * own); the count and the post's author, or null when the post is not there. */
export async function bumpQuotes(db: Db, postId: string, delta: number) {
  const [row] = await db
    .update(posts)
    .set({ quotesCount: sql`${posts.quotesCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ count: posts.quotesCount, userId: posts.userId });
  return row ?? null;
}

/** Marks the live quote as detached by the quoted post's author; the post it quoted and the
 * quote's author, or null when it is not a live, attached quote of a post of theirs. */
export async function markQuoteDetached(
  db: Db,
  { quoteId, quotedAuthorId }: { quoteId: string; quotedAuthorId: string },
): Promise<{ quoteOf: string; authorId: string } | null> {
  const [row] = await queryRows<{ quote_of: string; user_id: string }>(
    db,
    sql`update posts q set quote_detached = true
        where q.id = ${quoteId} and q.deleted_at is null and not q.quote_detached
          and q.quote_of in (select o.id from posts o where o.user_id = ${quotedAuthorId})
        returning q.quote_of, q.user_id`,
  );
  return row ? { quoteOf: row.quote_of, authorId: row.user_id } : null;
}

/** A live quote of a post of this author's that they detached already, with that post's count. */
export async function detachedQuoteOf(
  db: Db,
  { quoteId, quotedAuthorId }: { quoteId: string; quotedAuthorId: string },
): Promise<{ quotesCount: number } | null> {
  const [row] = await queryRows<{ quotes_count: number }>(
    db,
    sql`select o.quotes_count from posts q join posts o on o.id = q.quote_of
        where q.id = ${quoteId} and q.deleted_at is null and q.quote_detached
          and o.user_id = ${quotedAuthorId}`,
  );
  return row ? { quotesCount: row.quotes_count } : null;
}

/** A live post's quote of a post from elsewhere: the quoted post's id here and the authorization
 * its server gave (docs/federation.md "Quotes"), or null when it quotes none. */
export async function quoteElsewhereOf(
  db: Db,
  postId: string,
): Promise<{ noteId: string; authorizationUri: string | null; authorId: string } | null> {
  const [row] = await db
    .select({
      noteId: posts.quoteNoteId,
      authorizationUri: posts.quoteAuthorizationUri,
      authorId: posts.userId,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  return row?.noteId ? { ...row, noteId: row.noteId } : null;
}

/** Keeps the authorization the quoted post's server gave the live quote, unless it has one; the
 * quote's author when it was kept. */
export async function keepQuoteAuthorization(
  db: Db,
  { postId, noteId, uri }: { postId: string; noteId: string; uri: string },
): Promise<string | null> {
  const [row] = await db
    .update(posts)
    .set({ quoteAuthorizationUri: uri })
    .where(
      and(
        eq(posts.id, postId),
        eq(posts.quoteNoteId, noteId),
        isNull(posts.deletedAt),
        isNull(posts.quoteAuthorizationUri),
      ),
    )
    .returning({ authorId: posts.userId });
  return row?.authorId ?? null;
}

/** Those of the authors whose posts the viewer may see and has not muted: the quote cards' rule
 * (a block either way, a suspended author, a private account not followed, a mute: unavailable). */
export async function quotedAuthorsSeen(
  db: Db,
  { viewerId, authorIds }: { viewerId: Viewer; authorIds: string[] },
): Promise<string[]> {
  if (authorIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select u.id from unnest(${sql.param(authorIds)}::text[]) as u(id)
        where ${seesPostsOf(viewerId, sql`u.id`)} and ${notMutedBy(viewerId, sql`u.id`)}`,
  );
  return rows.map((r) => r.id);
}
