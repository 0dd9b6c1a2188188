// What a report points at (docs/safety.md "Report"): the person it belongs to, and for the queue
// the content with its context. A profile target is the user id; others are row ids.
import { eq } from "drizzle-orm";
import { displayHandle } from "../../../domain/handles";
import type { ReportTarget } from "../../../domain/report-reasons";
import type { Db } from "../../db/client";
import { chatMessages, chatThreadMembers } from "../../db/schema/mail";
import { postComments, posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";

export interface TargetInfo {
  ownerId: string;
  text: string | null;
  imageUrl: string | null;
  context: string | null;
  href: string | null;
  removed: boolean;
  /** For messages: the thread's members (only they may report it). */
  memberIds?: string[];
}

const snippet = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

async function handleOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({
      username: profiles.username,
      defaultUsername: profiles.defaultUsername,
      emailAddress: profiles.emailAddress,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ? displayHandle(row) : null;
}

export async function resolveTarget(
  db: Db,
  type: ReportTarget,
  id: string,
): Promise<TargetInfo | null> {
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  switch (type) {
    case "profile": {
      const [row] = await db
        .select({
          about: profiles.about,
          image: profiles.profileImageUrl,
        })
        .from(profiles)
        .where(eq(profiles.userId, id));
      if (!row) return null;
      const handle = await handleOf(db, id);
      return {
        ownerId: id,
        text: row.about,
        imageUrl: row.image,
        context: null,
        href: handle ? `/${handle}` : null,
        removed: false,
      };
    }
    case "post": {
      if (!uuidLike) return null;
      const [row] = await db.select().from(posts).where(eq(posts.id, id));
      if (!row || (row.deletedAt && !row.removedAt)) return null;
      const handle = await handleOf(db, row.userId);
      return {
        ownerId: row.userId,
        text: row.content,
        imageUrl: row.imageUrl,
        context: null,
        href: handle ? `/${handle}/${row.slug}` : null,
        removed: row.removedAt !== null,
      };
    }
    case "comment": {
      if (!uuidLike) return null;
      const [row] = await db
        .select({ comment: postComments, post: posts })
        .from(postComments)
        .innerJoin(posts, eq(posts.id, postComments.postId))
        .where(eq(postComments.id, id));
      if (!row || (row.comment.deletedAt && !row.comment.removedAt)) return null;
      const handle = await handleOf(db, row.post.userId);
      return {
        ownerId: row.comment.userId,
        text: row.comment.content,
        imageUrl: null,
        context: `On the post: ${snippet(row.post.content)}`,
        href: handle ? `/${handle}/${row.post.slug}` : null,
        removed: row.comment.removedAt !== null,
      };
    }
    case "message": {
      if (!uuidLike) return null;
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
      if (!row?.senderId) return null;
      const members = await db
        .select({ userId: chatThreadMembers.userId })
        .from(chatThreadMembers)
        .where(eq(chatThreadMembers.threadId, row.threadId));
      return {
        ownerId: row.senderId,
        text: row.body,
        imageUrl: null,
        context: row.subject ? `Subject: ${row.subject}` : null,
        href: null,
        removed: row.removedAt !== null,
        memberIds: members.map((m) => m.userId),
      };
    }
  }
}
