// The SQL of our people's reposts of posts from elsewhere (docs/feed.md "Reposts and quotes"): one
// row per person and post, counted from the rows themselves, so the count is always theirs; shown
// to the reposter's followers here at the repost's time, through the rules of a boost
// (note-queries.ts besideFollowees) and of the reposter (policy/visibility.ts).
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { fedActors, fedNoteReposts, fedNotes } from "../../db/schema/federation";
import { profiles } from "../../db/schema/profiles";
import { visibleAuthor } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

/** One person's repost of one post from elsewhere. */
export interface NoteRepostKey {
  userId: string;
  noteId: string;
}

/** A repost's id and time. */
export interface NoteRepostRow {
  id: string;
  createdAt: Date;
}

/** Adds the repost unless the person reposted the post already; the new repost, or null. */
export async function insertNoteRepost(db: Db, key: NoteRepostKey): Promise<NoteRepostRow | null> {
  const [row] = await db
    .insert(fedNoteReposts)
    .values(key)
    .onConflictDoNothing()
    .returning({ id: fedNoteReposts.id, createdAt: fedNoteReposts.createdAt });
  return row ?? null;
}

/** Removes the person's repost of the post; the removed repost, or null. */
export async function deleteNoteRepost(
  db: Db,
  { userId, noteId }: NoteRepostKey,
): Promise<NoteRepostRow | null> {
  const [row] = await db
    .delete(fedNoteReposts)
    .where(and(eq(fedNoteReposts.userId, userId), eq(fedNoteReposts.noteId, noteId)))
    .returning({ id: fedNoteReposts.id, createdAt: fedNoteReposts.createdAt });
  return row ?? null;
}

/** A post's reposts here, as a column of a select over fed_notes (served by
 * fed_note_reposts_note_idx). */
export const noteRepostsCount = sql<number>`(select count(*)::int from ${fedNoteReposts} r
  where r.note_id = ${fedNotes.id})`;

/** Whether the viewer reposted the post, as a column of a select over fed_notes. */
export const repostedByViewer = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${fedNoteReposts} r
    where r.note_id = ${fedNotes.id} and r.user_id = ${viewerId})`;

/** The post's reposts here as they are now. */
export async function noteRepostsCountOf(db: Db, noteId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(fedNoteReposts)
    .where(eq(fedNoteReposts.noteId, noteId));
  return row?.count ?? 0;
}

/** Whether the viewer may be shown a post by the actor in `actor` (on the host in `host`): they
 * neither block its author nor are blocked by them, and a moderator neither silenced nor
 * suspended its server. */
const noteShownTo = (viewerId: string, actor: SQL, host: SQL) =>
  sql`not exists (select 1 from fed_blocks x
        where x.user_id = ${viewerId} and x.actor_id = ${actor})
      and not exists (select 1 from fed_blocked_by y
        where y.user_id = ${viewerId} and y.actor_id = ${actor})
      and not exists (select 1 from fed_domain_blocks d
        where d.host = ${host} and d.severity in ('silence', 'suspend'))`;

const repostKey = { at: sql`r.created_at`, id: sql`r.id`, idType: "uuid" } as const;

/** One person's reposts of posts from elsewhere, newest first, before the cursor, for their
 * profile (docs/feed.md "Reposts and quotes"): those the viewer may be shown, by the rule
 * `visibleNoteReposts` reads again as the page is presented (from
 * fed_note_reposts_user_created_idx). */
export async function profileNoteRepostKeys(
  db: Db,
  {
    userId,
    viewerId,
    limit,
    cursor,
  }: { userId: string; viewerId: string; limit: number; cursor: Cursor | null },
): Promise<{ id: string; createdAt: Date }[]> {
  const before = keysetBefore(repostKey, cursor);
  const rows = await queryRows<{ id: string; created_at: Date | string }>(
    db,
    sql`select r.id, r.created_at from fed_note_reposts r
        join fed_notes n on n.id = r.note_id
        join fed_actors a on a.id = n.actor_id
        where r.user_id = ${userId} ${before ? sql`and ${before}` : sql``}
          and ${noteShownTo(viewerId, sql`n.actor_id`, sql`a.host`)}
          and ${visibleAuthor(viewerId, sql`r.user_id`)}
        order by r.created_at desc, r.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at) }));
}

/**
 * Those of `ids` that are reposts the viewer may still be shown, read again as the page is
 * presented (a cached first page may be older than a block, a mute or a moderator's decision): the
 * reposter a person the viewer may see and has not muted, the post's author neither blocked by the
 * viewer nor blocking them, and the author's server neither silenced nor suspended. A post deleted
 * by its server took its reposts with it.
 */
export function visibleNoteReposts(db: Db, { viewerId, ids }: { viewerId: string; ids: string[] }) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: fedNoteReposts.id,
      noteId: fedNoteReposts.noteId,
      createdAt: fedNoteReposts.createdAt,
      reposter: personColumns,
    })
    .from(fedNoteReposts)
    .innerJoin(fedNotes, eq(fedNotes.id, fedNoteReposts.noteId))
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .innerJoin(profiles, eq(profiles.userId, fedNoteReposts.userId))
    .where(
      and(
        inArray(fedNoteReposts.id, ids),
        visibleAuthor(viewerId, fedNoteReposts.userId),
        noteShownTo(viewerId, sql`${fedNotes.actorId}`, sql`${fedActors.host}`),
      ),
    );
}
