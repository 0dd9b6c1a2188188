// Who may comment on a post (docs/safety.md "Who can reply and write"): its author's 'Who can
// reply' — everyone, the people they follow, their friends, or nobody — and the author always.
// Asked before a comment or a reply is written (403 `replies_closed`, in the words the post
// shows), for the post's own read (`canReply`, so the reply box gives way to the reason before
// anyone types), and for a reply from elsewhere (remoteMayReply: one it leaves out is no comment).
// Whether the reader may see the post at all is visibility.ts's, asked first.
import { sql } from "drizzle-orm";
import { ERROR_CODES } from "../../domain/error-codes";
import { displayHandle } from "../../domain/handles";
import { isWhoMay, replyRefusal, type WhoMay } from "../../domain/reply-controls";
import { type Db, queryRows } from "../db/client";
import { forbidden } from "../errors";
import { inCircle, remoteInCircle } from "./circles";

/** A post as the rule reads it. */
export interface RepliedPost {
  authorId: string;
  replyPolicy: WhoMay;
}

/** Whether the viewer may comment on the post (nobody signed in may not). */
export async function mayReply(
  db: Db,
  { viewerId, post }: { viewerId: string | null; post: RepliedPost },
): Promise<boolean> {
  if (viewerId === null) return false;
  return inCircle(db, { ownerId: post.authorId, otherId: viewerId, who: post.replyPolicy });
}

/** 403 `replies_closed` unless the viewer may comment on this live post, said as the post says it
 * ('Only people @ann follows can reply.'). A post that is gone is the caller's to refuse. */
export async function requireMayReply(
  db: Db,
  { viewerId, postId }: { viewerId: string; postId: string },
): Promise<void> {
  const [row] = await queryRows<{
    author_id: string;
    reply_policy: string;
    username: string | null;
    default_username: string;
    email_address: string;
  }>(
    db,
    sql`select p.user_id as author_id, p.reply_policy, pr.username, pr.default_username, pr.email_address
        from posts p join profiles pr on pr.user_id = p.user_id
        where p.id = ${postId}`,
  );
  if (!row) return;
  const replyPolicy = isWhoMay(row.reply_policy) ? row.reply_policy : "nobody";
  if (await mayReply(db, { viewerId, post: { authorId: row.author_id, replyPolicy } })) return;
  const handle = displayHandle({
    username: row.username,
    defaultUsername: row.default_username,
    emailAddress: row.email_address,
  });
  throw forbidden(replyRefusal(replyPolicy, handle), ERROR_CODES.repliesClosed);
}

/** Whether a reply from the person elsewhere at `actorUri` may be a comment on the post
 * (docs/federation.md "Replies"). */
export const remoteMayReply = (
  db: Db,
  { actorUri, post }: { actorUri: string; post: RepliedPost },
): Promise<boolean> =>
  remoteInCircle(db, { ownerId: post.authorId, actorUri, who: post.replyPolicy });
