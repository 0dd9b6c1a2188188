// What the browser checks of a realtime frame (domain/realtime-events.ts holds the protocol's zod
// schemas, which the server uses): the fields each server message must carry, and the close code
// of an ended session. Kept apart from zod so the first script reads frames without it
// (docs/performance.md "Initial JavaScript"); realtime-frames.test.ts holds the table to the schemas.
import type { ServerMessage } from "./realtime-events";

/** The close code of a connection whose session ended (sign-out elsewhere, password reset,
 * suspension): the browser then asks who is signed in. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The fields besides `type` that each server message always carries. */
export const SERVER_MESSAGE_FIELDS: Record<ServerMessage["type"], readonly string[]> = {
  ready: ["userId", "epoch", "seq"],
  pong: [],
  refetch: ["reason"],
  "follow.changed": ["followerId", "followingId", "following", "state"],
  "profile.counts": ["userId", "counts"],
  "profile.changed": ["userId"],
  "post.created": ["post"],
  "post.updated": ["postId", "content", "imageSensitive", "updatedAt"],
  "post.deleted": ["postId"],
  "post.likes": ["postId", "likesCount"],
  "activity.created": [],
  "activity.read": [],
  "mail.message": ["threadId", "message"],
  "mail.read": ["threadId"],
};

/** A frame's JSON as a server message, or null when its type is unknown or a field is missing. */
export function asServerMessage(json: unknown): ServerMessage | null {
  if (typeof json !== "object" || json === null || !("type" in json)) return null;
  const { type } = json;
  if (typeof type !== "string" || !Object.hasOwn(SERVER_MESSAGE_FIELDS, type)) return null;
  const fields = SERVER_MESSAGE_FIELDS[type as ServerMessage["type"]];
  const record = json as Record<string, unknown>;
  return fields.every((field) => record[field] !== undefined && record[field] !== null)
    ? (json as ServerMessage)
    : null;
}
