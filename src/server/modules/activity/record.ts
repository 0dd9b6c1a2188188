// Writes a user_activity row inside the caller's transaction (spec-2 §3): never for one's own
// actions. Answers the recipient to notify after commit, or null.
import { snippet } from "../../../domain/activity-buckets";
import type { Db } from "../../db/client";
import { userActivity } from "../../db/schema/activity";

export interface ActivityInput {
  recipientId: string;
  actorId: string;
  type: "LIKE" | "COMMENT" | "REPLY" | "FOLLOW";
  postId?: string | null;
  postText?: string | null;
  commentText?: string | null;
}

export async function recordActivity(tx: Db, input: ActivityInput): Promise<string | null> {
  if (input.recipientId === input.actorId) return null;
  await tx.insert(userActivity).values({
    recipientId: input.recipientId,
    actorId: input.actorId,
    type: input.type,
    postId: input.postId ?? null,
    postSnippet: snippet(input.postText),
    commentSnippet: snippet(input.commentText),
  });
  return input.recipientId;
}
