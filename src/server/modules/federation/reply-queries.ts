// The SQL of replies that cross servers (docs/federation.md "Replies"): those from elsewhere to our
// posts (kept in fed_notes with the post they answer), and our people's to posts from elsewhere.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedActors, fedNotes, fedReplies } from "../../db/schema/federation";

/** Replies from elsewhere to one of our posts, oldest first, after the cursor. */
export function repliesTo(
  db: Db,
  {
    postId,
    viewerId,
    limit,
    cursor,
  }: {
    postId: string;
    viewerId: string | null;
    limit: number;
    cursor: { at: Date; id: string } | null;
  },
) {
  return db
    .select({
      id: fedNotes.id,
      text: fedNotes.text,
      summary: fedNotes.summary,
      url: fedNotes.url,
      publishedAt: fedNotes.publishedAt,
      actorId: fedActors.id,
      handle: fedActors.handle,
      name: fedActors.name,
    })
    .from(fedNotes)
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .where(
      and(
        eq(fedNotes.localPostId, postId),
        // Replies from silenced or suspended servers, and from people the viewer blocks, are left
        // out (docs/federation.md "Blocks", "Domain blocks").
        sql`not exists (select 1 from fed_domain_blocks d
          where d.host = ${fedActors.host} and d.severity in ('silence', 'suspend'))`,
        viewerId
          ? sql`not exists (select 1 from fed_blocks b
              where b.user_id = ${viewerId} and b.actor_id = ${fedNotes.actorId})`
          : undefined,
        cursor
          ? sql`(${fedNotes.publishedAt}, ${fedNotes.id}) > (${cursor.at}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(fedNotes.publishedAt, fedNotes.id)
    .limit(limit);
}

export type ReplyRow = Awaited<ReturnType<typeof repliesTo>>[number];

/** Keeps what one of our people wrote in reply to a post from elsewhere; its id and time. */
export async function insertReply(
  db: Db,
  reply: { noteId: string; userId: string; content: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(fedReplies)
    .values(reply)
    .returning({ id: fedReplies.id, createdAt: fedReplies.createdAt });
  if (!row) throw new Error("the reply was not stored");
  return row;
}

/** A reply of ours with the post it answers and that post's author. */
export async function replyWithNote(db: Db, id: string) {
  const [row] = await db
    .select({
      id: fedReplies.id,
      userId: fedReplies.userId,
      content: fedReplies.content,
      createdAt: fedReplies.createdAt,
      noteUri: fedNotes.uri,
      authorUri: fedActors.uri,
      authorInbox: fedActors.inbox,
      authorHandle: fedActors.handle,
    })
    .from(fedReplies)
    .innerJoin(fedNotes, eq(fedNotes.id, fedReplies.noteId))
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .where(eq(fedReplies.id, id));
  return row;
}

/** The posts of ours the actor's replies answer, one entry per reply. */
export async function postsRepliedToBy(db: Db, actorId: string): Promise<string[]> {
  const rows = await db
    .select({ postId: fedNotes.localPostId })
    .from(fedNotes)
    .where(and(eq(fedNotes.actorId, actorId), sql`${fedNotes.localPostId} is not null`));
  return rows.flatMap((r) => (r.postId ? [r.postId] : []));
}
