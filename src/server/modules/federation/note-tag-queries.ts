// SQL for the tags of posts from elsewhere (docs/federation.md "Hashtags"): written with the post
// and again on its author's Update, taken with it on Delete (foreign key), and read in order for a
// tag's page beside ours, through the same rules as the feed's boosts: nothing of someone the
// reader blocks or who blocks them, and a silenced server's posts only to their followers here.
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import type { Cursor } from "../../db/keyset";
import { fedNoteTags } from "../../db/schema/federation";
import type { NoteKey } from "./note-queries";

/** Makes the post's tags these (none removes them all). */
export async function setNoteTags(
  tx: Db,
  { noteId, tags }: { noteId: string; tags: string[] },
): Promise<void> {
  await tx
    .delete(fedNoteTags)
    .where(
      and(
        eq(fedNoteTags.noteId, noteId),
        tags.length ? sql`${fedNoteTags.tag} <> all(${sql.param(tags)}::text[])` : undefined,
      ),
    );
  await addNoteTags(tx, { noteId, tags });
}

/** Lists the post under these tags too; its time comes from its row. */
export async function addNoteTags(
  tx: Db,
  { noteId, tags }: { noteId: string; tags: string[] },
): Promise<void> {
  if (tags.length === 0) return;
  await tx.execute(
    sql`insert into ${fedNoteTags} (note_id, tag, published_at)
        select n.id, k.tag, n.published_at
        from fed_notes n cross join unnest(${sql.param(tags)}::text[]) as k(tag)
        where n.id = ${noteId}
        on conflict do nothing`,
  );
}

/** The posts from elsewhere with the tag that the viewer may see, newest first, before the
 * cursor: `limit` of them (fed_note_tags_tag_published_idx). */
export async function tagNoteKeys(
  db: Db,
  {
    tag,
    viewerId,
    limit,
    cursor,
  }: { tag: string; viewerId: string; limit: number; cursor: Cursor | null },
): Promise<NoteKey[]> {
  const before = cursor
    ? sql`and (t.published_at, t.note_id) < (${cursor.at}, ${cursor.id}::uuid)`
    : sql``;
  const rows = await queryRows<{ id: string; createdAt: Date | string }>(
    db,
    sql`select t.note_id as id, t.published_at as "createdAt"
        from fed_note_tags t
        join fed_notes n on n.id = t.note_id
        join fed_actors a on a.id = n.actor_id
        where t.tag = ${tag} ${before}
          and not exists (select 1 from fed_blocks x
            where x.user_id = ${viewerId} and x.actor_id = n.actor_id)
          and not exists (select 1 from fed_blocked_by y
            where y.user_id = ${viewerId} and y.actor_id = n.actor_id)
          and (not exists (select 1 from fed_domain_blocks d
                where d.host = a.host and d.severity in ('silence', 'suspend'))
            or exists (select 1 from fed_following g where g.user_id = ${viewerId}
                and g.actor_id = n.actor_id and g.state = 'accepted'))
        order by t.published_at desc, t.note_id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt) }));
}

/** How many posts from elsewhere carry the tag. */
export async function tagNotesCount(db: Db, tag: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from fed_note_tags where tag = ${tag}`,
  );
  return row?.n ?? 0;
}
