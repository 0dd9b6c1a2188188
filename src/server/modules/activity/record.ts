// What other modules write to the Activity page, inside their own transaction: a row for a like,
// comment, reply or follow (spec-2 §3), never for one's own actions, and the forgetting of what
// two people did to each other when one blocks the other (docs/safety.md "Block").
import { snippet } from "../../../domain/activity-buckets";
import type { Db } from "../../db/client";
import { deleteActivityBetween, insertActivity } from "./queries";

export interface ActivityInput {
  recipientId: string;
  actorId: string;
  type: "LIKE" | "COMMENT" | "REPLY" | "FOLLOW";
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
