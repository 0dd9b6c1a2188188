// What other modules write to the Activity page, inside their own transaction: a row for a like,
// comment, reply or follow (spec-2 §3), a private account's follow request and its acceptance
// (docs/social-and-realtime.md "Private accounts"), never for one's own actions; and the
// forgetting of what two people did to each other when one blocks the other (docs/safety.md
// "Block"), or of a request once it is answered or cancelled.
import { snippet } from "../../../domain/activity-buckets";
import type { Db } from "../../db/client";
import {
  type ActivityType,
  deleteActivityBetween,
  deleteFollowRequestActivity,
  insertActivity,
} from "./queries";

export interface ActivityInput {
  recipientId: string;
  actorId: string;
  type: ActivityType;
  postId?: string | null;
  postText?: string | null;
  commentText?: string | null;
}

/** Answers the recipient to notify after the commit, or null. */
export async function recordActivity(tx: Db, input: ActivityInput): Promise<string | null> {
  if (input.recipientId === input.actorId) return null;
  await insertActivity(tx, {
    recipientId: input.recipientId,
    actorId: input.actorId,
    type: input.type,
    postId: input.postId ?? null,
    postSnippet: snippet(input.postText),
    commentSnippet: snippet(input.commentText),
  });
  return input.recipientId;
}

/** A block removes the activity between the two people, both ways. */
export const forgetActivityBetween = (tx: Db, a: string, b: string) =>
  deleteActivityBetween(tx, a, b);

/** A follow request's item goes with the request (approved, declined or cancelled). */
export const forgetFollowRequest = (
  tx: Db,
  { requesterId, targetId }: { requesterId: string; targetId: string },
) => deleteFollowRequestActivity(tx, { recipientId: targetId, actorId: requesterId });
