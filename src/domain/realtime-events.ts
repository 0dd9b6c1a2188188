// The realtime wire protocol: a discriminated union each way, shared by server and browser.
import { z } from "zod";

const counts = z.object({ friends: z.number(), following: z.number(), followers: z.number() });

/** Messages the server sends over /realtime. */
export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready"), userId: z.string() }),
  z.object({ type: z.literal("pong") }),
  z.object({
    type: z.literal("follow.changed"),
    followerId: z.string(),
    followingId: z.string(),
    following: z.boolean(),
  }),
  z.object({ type: z.literal("profile.counts"), userId: z.string(), counts }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** Messages the browser sends: keep-alive, and which profiles it is looking at. */
export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("watch-profile"), userId: z.string().min(1).max(64) }),
  z.object({ type: z.literal("unwatch-profile"), userId: z.string().min(1).max(64) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;
