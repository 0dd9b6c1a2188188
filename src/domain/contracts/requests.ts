// Shapes of /api/requests (docs/notifications.md "Requests"): what the filter of new accounts
// holds back from Activity, grouped by who wrote it, and the answers to it (Accept, Dismiss).
import { z } from "zod";
import { activityGroup } from "./activity";

/** Someone whose comments wait: one of ours, or someone elsewhere (`elsewhere`, whose userId is
 * `fed:{id}` and whose page here is `/@name@server`), as Activity names people. */
const requestSender = activityGroup.shape.actorsRecent.element;

/** One held item: a comment on the reader's post, a reply to their comment, or a mention. */
export const requestItem = z.object({
  id: z.string(),
  type: z.enum(["COMMENT", "REPLY", "MENTION"]),
  postId: z.string().nullable(),
  /** A post from elsewhere that mentions the reader (not on a post of ours). */
  noteId: z.string().nullable(),
  /** The post as it reads now, its warning instead of its words when it has one. */
  postSnippet: z.string().nullable(),
  commentSnippet: z.string().nullable(),
  /** The post's path here, or a post from elsewhere's address on its server; null when gone. */
  target: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestItem = z.infer<typeof requestItem>;

/** One sender's held items, newest first (at most REQUEST_ITEMS_SHOWN), and how many wait. */
export const senderRequests = z.object({
  sender: requestSender,
  count: z.number().int().min(1),
  items: z.array(requestItem),
  lastAt: z.string(),
});
export type SenderRequests = z.infer<typeof senderRequests>;

export const REQUEST_ITEMS_SHOWN = 20;

export const requestsResponse = z.object({ senders: z.array(senderRequests) });

/** A sender as the routes name them: one of ours by their id, someone elsewhere as `fed:{id}`. */
export const requestSenderParams = z.object({
  senderId: z
    .string()
    .min(1)
    .max(100)
    .refine((id) => !id.startsWith("fed:") || z.uuid().safeParse(id.slice(4)).success, {
      message: "Unknown sender",
    }),
});
