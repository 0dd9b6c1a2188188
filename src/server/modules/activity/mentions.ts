// Mentions of our people in a post or comment (docs/social-and-realtime.md "Mentions"): each one
// named by their handle is told 'mentioned you', in the writer's transaction, when they may see
// the post and no block stands between them and the writer; the first MAX_MENTIONS names count.
import { mentionsIn } from "../../../domain/mentions";
import type { Db } from "../../db/client";
import { canSee, canSeePosts } from "../../policy/visibility";
import { userIdsOfHandles } from "./queries";
import { recordActivity } from "./record";

/** Records the mentions in `text` (a post's, or a comment's on that post); the people to notify
 * after the commit. Those in `told` already have an item for this text (told or held). */
export async function recordMentions(
  tx: Db,
  input: {
    authorId: string;
    postId: string;
    postAuthorId: string;
    postText: string;
    commentText?: string;
    told?: (string | null)[];
  },
): Promise<string[]> {
  const { here } = mentionsIn(input.commentText ?? input.postText);
  const named = await userIdsOfHandles(tx, here);
  const notified: string[] = [];
  for (const recipientId of named) {
    if (recipientId === input.authorId || input.told?.includes(recipientId)) continue;
    if (!(await canSeePosts(tx, recipientId, input.postAuthorId))) continue;
    if (!(await canSee(tx, recipientId, input.authorId))) continue;
    const told = await recordActivity(tx, {
      recipientId,
      actorId: input.authorId,
      type: "MENTION",
      postId: input.postId,
      postText: input.postText,
      commentText: input.commentText ?? null,
    });
    // A mention held under the person's Requests is not told (docs/notifications.md "Requests").
    if (told) notified.push(told);
  }
  return notified;
}
