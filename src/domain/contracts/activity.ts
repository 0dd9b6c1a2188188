// Shapes of /api/activity/* (spec-2 §3 activity entries).
import { z } from "zod";
import { REPORT_OUTCOMES } from "../report-outcomes";
import { REPORT_TARGETS } from "../report-reasons";

export const unreadCountResponse = z.object({ count: z.number().int().min(0) });

/** spec-2 §3 group types, with a private account's waiting requests (FOLLOW_REQUEST, answered
 * through /api/follow-requests), the requester's 'accepted your follow request'
 * (FOLLOW_ACCEPTED), 'mentioned you' (MENTION, docs/social-and-realtime.md "Mentions"),
 * 'reposted your post' (REPOST, a group per post), 'quoted your post' (QUOTE, a group per
 * quote, whose post is the quote: "Reposts and quotes in Activity") and what became of a report
 * (REPORT_OUTCOME, a group per closing action, with no actor: docs/safety.md "Reporters hear
 * back"). */
export const ACTIVITY_GROUP_TYPES = [
  "LIKE",
  "COMMENT",
  "FOLLOW",
  "FOLLOW_REQUEST",
  "FOLLOW_ACCEPTED",
  "MENTION",
  "REPOST",
  "QUOTE",
  "REPORT_OUTCOME",
] as const;
export type ActivityGroupType = (typeof ACTIVITY_GROUP_TYPES)[number];

/** spec-2 §3 activity entry, one per group of (type, post). */
export const activityGroup = z.object({
  groupType: z.enum(ACTIVITY_GROUP_TYPES),
  postId: z.string().nullable(),
  /** A post from elsewhere that mentions the reader (not on a post of ours), or that quotes one
   * of their posts: its own group. */
  noteId: z.string().nullable(),
  actorCount: z.number().int(),
  unread: z.boolean(),
  postSnippet: z.string().nullable(),
  commentSnippet: z.string().nullable(),
  /** Most recent first; the page shows the first five avatars. Someone elsewhere (`elsewhere`)
   * has `fed:{id}` as userId and `name@server` as handle: their page here is `/@name@server`. */
  actorsRecent: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string(),
      handle: z.string(),
      profileImageUrl: z.string().nullable(),
      elsewhere: z.boolean(),
    }),
  ),
  /** Where opening the entry goes: the post's path, or the actor's profile for follows and
   * acceptances; for a mention from elsewhere, the post's address on its server (http or https);
   * null for FOLLOW_REQUEST (the screen lists GET /api/follow-requests). */
  target: z.string().nullable(),
  postDeleted: z.boolean(),
  lastEventAt: z.string(),
  /** The reader's muted words that the words in `commentSnippet` match (docs/safety.md "Muted
   * words"): the snippet is collapsed; absent when none does. */
  mutedBy: z.array(z.string()).optional(),
  /** REPORT_OUTCOME: what the reader reported and what became of it, with the moderator's note
   * to reporters; `actionId` is the group's key. Null for every other group. */
  reportOutcome: z
    .object({
      actionId: z.string(),
      targetType: z.enum(REPORT_TARGETS),
      outcome: z.enum(REPORT_OUTCOMES),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type ActivityGroup = z.infer<typeof activityGroup>;

export const activityResponse = z.object({ groups: z.array(activityGroup) });

/** The Activity page is one page (the newest groups, no next one), so it takes no cursor: any is
 * refused as the paged lists refuse a bad one (server db/keyset.ts). */
export const activityQuery = z.object({
  cursor: z.never({ error: "Invalid cursor" }).optional(),
});

export const markGroupReadBody = z.object({
  groupType: z.enum(ACTIVITY_GROUP_TYPES),
  postId: z.string().nullable(),
  noteId: z.uuid().nullable().optional(),
  /** A REPORT_OUTCOME group's key. */
  actionId: z.uuid().nullable().optional(),
});
