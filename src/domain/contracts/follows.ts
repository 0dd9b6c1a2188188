// Shapes of /api/follows/* and the follower lists (spec-1 §2 follower list modal, §7 follow-toggle),
// with the follow requests of private accounts (docs/social-and-realtime.md "Private accounts").
import { z } from "zod";
import { pageOf, pageQueryOf } from "./page";

/** How the viewer stands to a person they may follow: no follow, a request waiting for a private
 * account's owner, or a follow. */
export const FOLLOW_STATES = ["none", "requested", "following"] as const;
export const followState = z.enum(FOLLOW_STATES);
export type FollowState = z.infer<typeof followState>;

export const followToggleBody = z.object({
  action: z.literal("toggle").optional(),
  targetUserId: z
    .string({ message: "Missing IDs" })
    .trim()
    .min(1, { message: "Missing IDs" })
    .max(64),
  /** The spec's client also sends the follower; it must be the signed-in user. */
  followerId: z.string().max(64).optional(),
});

export const followCounts = z.object({
  friends: z.number(),
  following: z.number(),
  followers: z.number(),
});
export type FollowCounts = z.infer<typeof followCounts>;

export const followToggleResponse = z.object({
  following: z.boolean(),
  /** After the toggle: a private account's toggle makes or cancels a request ('requested',
   * 'none'); `following` stays true only for 'following'. */
  state: followState,
  /** The target's counters after the change. */
  counts: followCounts,
});

export const FOLLOW_LIST_KINDS = ["friends", "following", "followers"] as const;
export type FollowListKind = (typeof FOLLOW_LIST_KINDS)[number];

export const followListParams = z.object({
  userId: z.string().min(1).max(64),
  kind: z.enum(FOLLOW_LIST_KINDS),
});
export const followListQuery = pageQueryOf({ default: 30, max: 100 });

export const personSummary = z.object({
  userId: z.string(),
  fullName: z.string(),
  handle: z.string(),
  username: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  verificationType: z.enum(["none", "yellow", "black"]),
  veteran: z.boolean(),
});
export type PersonSummary = z.infer<typeof personSummary>;

export const followListResponse = pageOf(personSummary);

export const followStatusResponse = z.object({ following: z.boolean(), state: followState });

/** People to follow on an empty home feed (docs/feed.md "People to follow"). */
export const SUGGESTIONS_MAX = 10;
export const SUGGESTIONS_DEFAULT = 5;

export const suggestionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_MAX).default(SUGGESTIONS_DEFAULT),
});

/** Why a person is suggested: they live in the viewer's city, or they posted lately. */
export const SUGGESTION_REASONS = ["city", "active"] as const;

export const suggestedPerson = personSummary.extend({
  reason: z.enum(SUGGESTION_REASONS),
  /** The shared city ('Springfield, IL') when the reason is the city, else null. */
  city: z.string().nullable(),
});
export type SuggestedPerson = z.infer<typeof suggestedPerson>;

export const suggestionsResponse = z.object({
  items: z.array(suggestedPerson).max(SUGGESTIONS_MAX),
});
