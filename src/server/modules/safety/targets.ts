// What a report points at (docs/safety.md "Report"): the person it belongs to, and for the queue
// the content with its context. A profile target is the user id; others are row ids.
import type { ReportTarget } from "../../../domain/report-reasons";
import type { Db } from "../../db/client";
import { commentForReport } from "../comments/moderation";
import { messageForReport } from "../mail/moderation";
import { postForReport } from "../posts/moderation";
import { handleOfProfile as handleOf, reportedProfile } from "../profiles/safety";

export interface TargetInfo {
  ownerId: string;
  text: string | null;
  imageUrl: string | null;
  context: string | null;
  href: string | null;
  removed: boolean;
  /** When a moderator removed it (an appeal's undo checks it is still that removal). */
  removedAt: Date | null;
  /** For messages: the thread's members (only they may report it). */
  memberIds?: string[];
}

export const snippet = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

export async function resolveTarget(
  db: Db,
  type: ReportTarget,
  id: string,
): Promise<TargetInfo | null> {
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  switch (type) {
    case "profile": {
      const row = await reportedProfile(db, id);
      if (!row) return null;
      const handle = row.handle;
      return {
        ownerId: id,
        text: row.about,
        imageUrl: row.image,
        context: null,
        href: handle ? `/${handle}` : null,
        removed: false,
        removedAt: null,
      };
    }
    case "post": {
      if (!uuidLike) return null;
      const row = await postForReport(db, id);
      if (!row || (row.deletedAt && !row.removedAt)) return null;
      const handle = await handleOf(db, row.userId);
      return {
        ownerId: row.userId,
        text: row.content,
        // A moderator sees the post's first image beside its text.
        imageUrl: row.images[0]?.url ?? null,
        context: null,
        href: handle ? `/${handle}/${row.slug}` : null,
        removed: row.removedAt !== null,
        removedAt: row.removedAt,
      };
    }
    case "comment": {
      if (!uuidLike) return null;
      const row = await commentForReport(db, id);
      if (!row || (row.comment.deletedAt && !row.comment.removedAt)) return null;
      const handle = await handleOf(db, row.post.userId);
      return {
        ownerId: row.comment.userId,
        text: row.comment.content,
        imageUrl: null,
        context: `On the post: ${snippet(row.post.content)}`,
        href: handle ? `/${handle}/${row.post.slug}` : null,
        removed: row.comment.removedAt !== null,
        removedAt: row.comment.removedAt,
      };
    }
    case "message": {
      if (!uuidLike) return null;
      const row = await messageForReport(db, id);
      if (!row?.senderId) return null;
      return {
        ownerId: row.senderId,
        text: row.body,
        imageUrl: null,
        context: row.subject ? `Subject: ${row.subject}` : null,
        href: null,
        removed: row.removedAt !== null,
        removedAt: row.removedAt,
        memberIds: row.memberIds,
      };
    }
  }
}
