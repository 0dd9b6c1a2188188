// The realtime wire protocol: a discriminated union each way. The server parses what browsers send;
// the browser checks frames by realtime-frames.ts, held to these schemas by its test.
import { z } from "zod";
import { followState } from "./contracts/follows";
import { messageView } from "./contracts/mail";
import { postView } from "./contracts/posts";

const counts = z.object({ friends: z.number(), following: z.number(), followers: z.number() });

/** Messages the server sends over /realtime. Each one that comes of an event also carries the
 * event's `seq` (`SequencedMessage`); a client reconnects with the last it got (docs/
 * social-and-realtime.md "Realtime"). */
export const serverMessage = z.discriminatedUnion("type", [
  /** The socket is open: the log's epoch and this instance's position in it, where a client that
   * has no sequence yet starts. */
  z.object({
    type: z.literal("ready"),
    userId: z.string(),
    epoch: z.string(),
    seq: z.string(),
  }),
  z.object({ type: z.literal("pong") }),
  /** What the client missed cannot be replayed (too old, or from another epoch): it reads again
   * what it shows, and goes on from `ready`'s sequence. */
  z.object({ type: z.literal("refetch"), reason: z.enum(["unknown", "too-old"]) }),
  z.object({
    type: z.literal("follow.changed"),
    followerId: z.string(),
    followingId: z.string(),
    following: z.boolean(),
    /** 'requested' while a private account's owner has not answered. */
    state: followState,
  }),
  z.object({ type: z.literal("profile.counts"), userId: z.string(), counts }),
  /** A profile's name, photo or badges changed (a save, a face check, a moderator's decision):
   * sent to the person and to whoever looks at the profile, who read it again. */
  z.object({ type: z.literal("profile.changed"), userId: z.string() }),
  /** A followed person (or the reader) posted; viewer flags are false, the client fills them in. */
  z.object({ type: z.literal("post.created"), post: postView }),
  z.object({
    type: z.literal("post.updated"),
    postId: z.string(),
    content: z.string(),
    /** Sent as null when there is none (the frame check asks only for fields never null). */
    contentWarning: z.string().nullish(),
    imageSensitive: z.boolean(),
    updatedAt: z.string(),
  }),
  z.object({ type: z.literal("post.deleted"), postId: z.string() }),
  /** A post's like count as committed, to those who may have it on screen; `liked` only to the
   * liker's own tabs. */
  z.object({
    type: z.literal("post.likes"),
    postId: z.string(),
    likesCount: z.number(),
    liked: z.boolean().optional(),
  }),
  /** Something new for the reader's Activity page; the badge refetches its count. */
  z.object({ type: z.literal("activity.created") }),
  /** The reader read Activity in another tab or on another device. */
  z.object({ type: z.literal("activity.read") }),
  /** A message in one of the reader's threads (theirs included, for their other tabs). */
  z.object({ type: z.literal("mail.message"), threadId: z.string(), message: messageView }),
  /** The reader read a thread in another tab. */
  z.object({ type: z.literal("mail.read"), threadId: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** A message as sent: those that come of an event carry its sequence. */
export type SequencedMessage = ServerMessage & { seq?: string };

/** How a client resumes: query parameters of the /realtime upgrade, from its last `ready` and
 * the last `seq` it got, with the profiles it watches (comma-separated), so their counters are
 * in the backlog too. */
export const resumeQuery = z.object({
  epoch: z.string().min(1).max(64).optional(),
  after: z.string().min(1).max(40).optional(),
  watch: z.string().max(3_300).optional(),
});

/** Messages the browser sends: keep-alive, and which profiles it is looking at. */
export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("watch-profile"), userId: z.string().min(1).max(64) }),
  z.object({ type: z.literal("unwatch-profile"), userId: z.string().min(1).max(64) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;
