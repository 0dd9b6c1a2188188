// Shapes of private accounts (docs/social-and-realtime.md "Private accounts"): the owner's
// incoming follow requests, answering them, and the account's privacy settings.
import { z } from "zod";
import { AUDIENCES } from "../audiences";
import { followCounts, personSummary } from "./follows";
import { pageOf, pageQueryOf } from "./page";

export const followRequestsQuery = pageQueryOf({ default: 30, max: 100 });

/** One waiting request: who asks, and since when (ISO time). */
export const followRequestView = personSummary.extend({ since: z.string() });
export type FollowRequestView = z.infer<typeof followRequestView>;

/** Newest request first. */
export const followRequestsResponse = pageOf(followRequestView);

export const followRequestParams = z.object({ userId: z.string().min(1).max(64) });

/** An approval (or its repeat): the owner's counters after it. */
export const followRequestApproveResponse = z.object({ counts: followCounts });

const audience = z.enum(AUDIENCES, { message: "Choose Everyone, Friends or Only me." });

/** Who may open each of the owner's follow lists; the friends list needs both. */
export const accountPrivacy = z.object({
  privateAccount: z.boolean(),
  followersAudience: audience,
  followingAudience: audience,
  /** "Show these details on other servers" (docs/federation.md "What a remote server sees"). */
  detailsElsewhere: z.boolean(),
});
export type AccountPrivacy = z.infer<typeof accountPrivacy>;

/** Any subset; what is left out stays as it is. */
export const accountPrivacyBody = accountPrivacy.partial().strict();
export type AccountPrivacyBody = z.infer<typeof accountPrivacyBody>;

/** The settings after the save, and how many waiting requests turning private off approved. */
export const accountPrivacyResponse = accountPrivacy.extend({
  approved: z.number().int().min(0),
});
