// The SQL of posts from elsewhere and our people's likes of them (docs/federation.md "Posts from
// elsewhere"): kept by URI, listed per author newest first, merged into a reader's home feed from
// the people elsewhere they follow.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { fedActors, fedFollowing, fedNoteLikes, fedNotes } from "../../db/schema/federation";

export interface NoteFields {
  uri: string;
  actorId: string;
  text: string;
  url: string | null;
  inReplyTo: string | null;
  /** The post of ours it replies to. */
  localPostId: string | null;
  publishedAt: Date;
}

/** Stores a post unless its URI is known; its id, and whether it is new. */
export async function insertNote(db: Db, note: NoteFields): Promise<string | null> {
  const [row] = await db
    .insert(fedNotes)
    .values(note)
    .onConflictDoNothing({ target: fedNotes.uri })
    .returning({ id: fedNotes.id });
  return row?.id ?? null;
}

/** Replaces a post's text, if its author is `actorId`; whether it did. */
export async function updateNote(
  db: Db,
  {
    uri,
    actorId,
    text,
    updatedAt,
  }: { uri: string; actorId: string; text: string; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(fedNotes)
    .set({ text, updatedAt })
    .where(and(eq(fedNotes.uri, uri), eq(fedNotes.actorId, actorId)))
    .returning({ id: fedNotes.id });
  return rows.length > 0;
}

/** Deletes a post, if its author is `actorId`; what it was (the post of ours it replied to). */
export async function deleteNote(db: Db, { uri, actorId }: { uri: string; actorId: string }) {
  const [row] = await db
    .delete(fedNotes)
    .where(and(eq(fedNotes.uri, uri), eq(fedNotes.actorId, actorId)))
    .returning({ id: fedNotes.id, localPostId: fedNotes.localPostId });
  return row ?? null;
}

/** Our people who follow the actor (accepted). */
export async function localFollowersOf(db: Db, actorId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: fedFollowing.userId })
    .from(fedFollowing)
    .where(and(eq(fedFollowing.actorId, actorId), eq(fedFollowing.state, "accepted")));
  return rows.map((r) => r.userId);
}

export interface NoteKey {
  id: string;
  createdAt: Date;
}

/** The newest `limit` posts (not replies) of the people elsewhere the reader follows, before the
 * cursor: one short index range per person, as the local merge does (docs/feed.md). */
export function remoteFeedKeys(
  db: Db,
  {
    viewerId,
    limit,
    cursor,
  }: { viewerId: string; limit: number; cursor: { at: Date; id: string } | null },
): Promise<NoteKey[]> {
  const before = cursor
    ? sql`and (n.published_at, n.id) < (${cursor.at}, ${cursor.id}::uuid)`
    : sql``;
  return queryRows<NoteKey>(
    db,
    sql`select n.id, n.published_at as "createdAt"
        from fed_following f
        cross join lateral (
          select id, published_at from fed_notes n
          where n.actor_id = f.actor_id and n.in_reply_to is null ${before}
          order by n.published_at desc, n.id desc
          limit ${limit}
        ) n
        where f.user_id = ${viewerId} and f.state = 'accepted'
        order by n.published_at desc, n.id desc
        limit ${limit}`,
  ).then((rows) => rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt) })));
}

/** One person's posts (not replies), newest first, before the cursor. */
export function noteKeysOf(
  db: Db,
  {
    actorId,
    limit,
    cursor,
  }: { actorId: string; limit: number; cursor: { at: Date; id: string } | null },
): Promise<NoteKey[]> {
  return db
    .select({ id: fedNotes.id, createdAt: fedNotes.publishedAt })
    .from(fedNotes)
    .where(
      and(
        eq(fedNotes.actorId, actorId),
        sql`${fedNotes.inReplyTo} is null`,
        cursor
          ? sql`(${fedNotes.publishedAt}, ${fedNotes.id}) < (${cursor.at}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(fedNotes.publishedAt), desc(fedNotes.id))
    .limit(limit);
}

/** The posts with their authors and whether the viewer likes each. */
export function notesByIds(db: Db, { ids, viewerId }: { ids: string[]; viewerId: string }) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: fedNotes.id,
      uri: fedNotes.uri,
      text: fedNotes.text,
      url: fedNotes.url,
      publishedAt: fedNotes.publishedAt,
      updatedAt: fedNotes.updatedAt,
      likesCount: fedNotes.likesCount,
      actorId: fedActors.id,
      actorUri: fedActors.uri,
      handle: fedActors.handle,
      name: fedActors.name,
      likedByMe: sql<boolean>`exists (select 1 from ${fedNoteLikes} l
        where l.note_id = ${fedNotes.id} and l.user_id = ${viewerId})`,
    })
    .from(fedNotes)
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .where(inArray(fedNotes.id, ids));
}

export type NoteRow = Awaited<ReturnType<typeof notesByIds>>[number];

/** Records the viewer's like (false when they already liked it), moving the count with it. */
export async function insertNoteLike(
  db: Db,
  { noteId, userId, likeUri }: { noteId: string; userId: string; likeUri: string },
): Promise<boolean> {
  const inserted = await db
    .insert(fedNoteLikes)
    .values({ noteId, userId, likeUri })
    .onConflictDoNothing()
    .returning({ noteId: fedNoteLikes.noteId });
  if (inserted.length === 0) return false;
  await db
    .update(fedNotes)
    .set({ likesCount: sql`${fedNotes.likesCount} + 1` })
    .where(eq(fedNotes.id, noteId));
  return true;
}

/** Removes the viewer's like, moving the count with it; the Like's URI, when there was one. */
export async function deleteNoteLike(
  db: Db,
  { noteId, userId }: { noteId: string; userId: string },
): Promise<string | null> {
  const [removed] = await db
    .delete(fedNoteLikes)
    .where(and(eq(fedNoteLikes.noteId, noteId), eq(fedNoteLikes.userId, userId)))
    .returning({ likeUri: fedNoteLikes.likeUri });
  if (!removed) return null;
  await db
    .update(fedNotes)
    .set({ likesCount: sql`${fedNotes.likesCount} - 1` })
    .where(eq(fedNotes.id, noteId));
  return removed.likeUri;
}

export async function noteById(db: Db, id: string) {
  const [row] = await db
    .select({ id: fedNotes.id, uri: fedNotes.uri, actorId: fedNotes.actorId })
    .from(fedNotes)
    .where(eq(fedNotes.id, id));
  return row;
}

/** The URIs of those of `ids` that are the actor's posts. */
export async function noteUrisOf(
  db: Db,
  { actorId, ids }: { actorId: string; ids: string[] },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ uri: fedNotes.uri })
    .from(fedNotes)
    .where(and(eq(fedNotes.actorId, actorId), inArray(fedNotes.id, ids)));
  return rows.map((r) => r.uri);
}
