// Shapes of /api/badges/* and /api/admin/badge-requests/* (docs/safety.md "Badges"): asking for
// the yellow badge or the veteran medal, the organisation e-mail's code, answering a moderator's
// question, and the moderators' queue and decisions. Shared by server and browser.
import { z } from "zod";
import { emailField, otpField } from "./auth";
import { personSummary } from "./follows";
import { pageOf, pageQueryOf } from "./page";

export const BADGE_KINDS = ["yellow", "veteran"] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_STATUSES = ["open", "more_info", "approved", "denied", "revoked"] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

export const YELLOW_CATEGORIES = ["organisation", "business", "public_figure", "creator"] as const;
export type YellowCategory = (typeof YELLOW_CATEGORIES)[number];
export const YELLOW_CATEGORY_LABELS: Record<YellowCategory, string> = {
  organisation: "Organisation",
  business: "Business",
  public_figure: "Public figure",
  creator: "Creator",
};

export const BADGE_LINKS_MAX = 3;
export const OFFICIAL_NAME_MAX = 80;
export const BADGE_MESSAGE_MAX = 500;
/** A denied person may ask again this many days after the decision. */
export const BADGE_RETRY_DAYS = 30;
/** The veteran's document is deleted this many days after the decision. */
export const PROOF_KEPT_DAYS = 30;
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type ProofType = (typeof PROOF_TYPES)[number];
export const PROOF_TOO_LARGE = "The document is too large. Max 10MB.";
export const PROOF_WRONG_TYPE = "Please upload a JPEG, PNG or PDF file.";

export const badgeKindParam = z.object({ kind: z.enum(BADGE_KINDS) });

const linkField = z
  .string()
  .trim()
  .max(300)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.includes(".");
      } catch {
        return false;
      }
    },
    { message: "Use a public link starting with https://" },
  );

const messageField = z.string().trim().min(1, "Please write a few words.").max(BADGE_MESSAGE_MAX);

export const yellowRequestBody = z.object({
  category: z.enum(YELLOW_CATEGORIES, { message: "Choose a category." }),
  officialName: z.string().trim().min(1, "Enter the official name.").max(OFFICIAL_NAME_MAX),
  links: z
    .array(linkField)
    .min(1, "Add at least one public link.")
    .max(BADGE_LINKS_MAX, `At most ${BADGE_LINKS_MAX} links.`),
  /** An address at the organisation's domain; it gets a code to confirm it. */
  orgEmail: z.union([emailField, z.literal("").transform(() => undefined)]).optional(),
});
export type YellowRequestBody = z.input<typeof yellowRequestBody>;

export const orgEmailCodeBody = z.object({ code: otpField });
export const orgEmailCodeResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number(),
});

export const answerBody = z.object({
  answer: messageField,
  /** yellow: more public links, added to the request's (three at most in all). */
  links: z.array(linkField).max(BADGE_LINKS_MAX).default([]),
});

/** A request as its owner sees it. */
export const ownBadgeRequest = z.object({
  id: z.string(),
  kind: z.enum(BADGE_KINDS),
  status: z.enum(BADGE_STATUSES),
  category: z.enum(YELLOW_CATEGORIES).nullable(),
  officialName: z.string().nullable(),
  links: z.array(z.string()),
  orgEmail: z.string().nullable(),
  orgEmailConfirmed: z.boolean(),
  hasProof: z.boolean(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Denied: the day from which the person may ask again. */
  askAgainAt: z.string().nullable(),
});
export type OwnBadgeRequest = z.infer<typeof ownBadgeRequest>;

/** The person's latest request of each kind (null when they never asked). */
export const ownBadgeRequests = z.object({
  yellow: ownBadgeRequest.nullable(),
  veteran: ownBadgeRequest.nullable(),
});
export type OwnBadgeRequests = z.infer<typeof ownBadgeRequests>;

export const badgeQueueQuery = pageQueryOf({ default: 20, max: 50 }).extend({
  status: z.enum(["open", "more_info", "approved", "denied", "revoked"]).default("open"),
});

export const queuedBadgeRequest = ownBadgeRequest.extend({
  person: personSummary,
  /** The document's address for moderators while it is kept. */
  proofUrl: z.string().nullable(),
  proofType: z.enum(PROOF_TYPES).nullable(),
  proofDeleted: z.boolean(),
  decidedBy: personSummary.nullable(),
});
export type QueuedBadgeRequest = z.infer<typeof queuedBadgeRequest>;
export const badgeQueuePage = pageOf(queuedBadgeRequest);

export const badgeRequestParams = z.object({ id: z.string().uuid() });

/** approve; deny and revoke with the reason the person sees; ask with the question. Revoking an
 * approved badge is for admins. */
export const badgeDecisionBody = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve") }),
  z.object({ decision: z.literal("deny"), message: messageField }),
  z.object({ decision: z.literal("ask"), message: messageField }),
  z.object({ decision: z.literal("revoke"), message: messageField }),
]);
export type BadgeDecision = z.infer<typeof badgeDecisionBody>;

export const proofParams = z.object({
  user: z.string().regex(/^[0-9a-f]{2,128}$/),
  file: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|pdf)$/),
});

export const BADGE_NAMES: Record<BadgeKind, string> = {
  yellow: "yellow badge",
  veteran: "veteran medal",
};
