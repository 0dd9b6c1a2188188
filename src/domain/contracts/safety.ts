// Shapes of /api/safety/* and /api/admin/* (docs/safety.md): block, mute, report, the moderation
// queue and its actions, and the signed-in person's standing (moderator, restricted, notices).
import { z } from "zod";
import { REPORT_DETAILS_MAX } from "../limits";
import { isEnforcing, REPORTER_NOTE_MAX } from "../moderation-standing";
import { REPORT_REASONS, REPORT_TARGETS } from "../report-reasons";
import { personSummary } from "./follows";
import { pageOf, pageQueryOf } from "./page";

export const userIdParam = z.object({ userId: z.string().min(1).max(64) });

/** What the viewer has done to this person. */
export const relationResponse = z.object({ blocking: z.boolean(), muting: z.boolean() });
export type Relation = z.infer<typeof relationResponse>;

export const listQuery = pageQueryOf({ default: 30, max: 100 });
export const listedPerson = z.object({ person: personSummary, since: z.string() });
export const listedPeoplePage = pageOf(listedPerson);

export const reportRequest = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string().min(1).max(64),
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(REPORT_DETAILS_MAX).optional(),
    /** Block the person behind the target in the same step. */
    alsoBlock: z.boolean().default(false),
  })
  .refine((r) => r.reason !== "other" || (r.details ?? "").length > 0, {
    path: ["details"],
    message: "Tell us what is wrong.",
  });
export const reportResponse = z.object({ reportId: z.string(), blocked: z.boolean() });

/** The signed-in person's standing: shown on sign-in and before a refused action. */
export const standingResponse = z.object({
  moderator: z.boolean(),
  /** An ADMIN_EMAILS address: may also make other people moderators. */
  admin: z.boolean(),
  /** Set while the account may read but not post, comment, message or follow. */
  restrictedUntil: z.string().nullable(),
  notices: z.array(z.object({ id: z.string(), text: z.string(), createdAt: z.string() })),
});
export type Notice = z.infer<typeof standingResponse>["notices"][number];
export type Standing = z.infer<typeof standingResponse>;
export const noticeParams = z.object({ id: z.string().uuid() });

export const MODERATION_ACTIONS = ["dismiss", "remove", "restrict", "suspend", "restore"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const reportedContent = z.object({
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The post a comment belongs to, or the thread subject of a message. */
  context: z.string().nullable(),
  /** Link to see it in place (post page, profile), when there is one. */
  href: z.string().nullable(),
  removed: z.boolean(),
});

export const reportGroup = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** The person the target belongs to (the profile itself, or the author). */
  targetUser: personSummary,
  targetUserStanding: z.object({
    restrictedUntil: z.string().nullable(),
    suspended: z.boolean(),
  }),
  content: reportedContent.nullable(),
  reportCount: z.number(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  latestAt: z.string(),
  /** The newest reports of this target (up to 10). */
  reports: z.array(
    z.object({
      id: z.string(),
      reporter: personSummary,
      reason: z.enum(REPORT_REASONS),
      details: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportQueueQuery = pageQueryOf({ default: 20, max: 50 }).extend({
  status: z.enum(["open", "closed"]).default("open"),
});
export const reportQueuePage = pageOf(reportGroup);

export const moderationRequest = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string().min(1).max(64),
    action: z.enum(MODERATION_ACTIONS),
    /** Why: written to the audit log and, for actions on a person, told to them. */
    reason: z.string().trim().min(1).max(500),
    /** The rule a removal, restriction or suspension enforces (a report reason), required for
     * those; ignored for a dismissal or a restore, which enforce none. */
    rule: z.enum(REPORT_REASONS).optional(),
    /** restrict: how many days (1–365). */
    days: z.number().int().min(1).max(365).optional(),
    /** Told to the people whose reports the action closes (docs/safety.md "Reporters hear
     * back"); not for a restore, which closes none it would tell of. */
    reporterNote: z.string().trim().max(REPORTER_NOTE_MAX).optional(),
  })
  .refine((r) => r.rule !== undefined || !isEnforcing(r.action), {
    path: ["rule"],
    message: "Choose the rule this action enforces.",
  });
export const moderationResponse = z.object({ ok: z.literal(true) });

export const auditEntry = z.object({
  id: z.string(),
  moderator: personSummary,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetUser: personSummary.nullable(),
  reason: z.string(),
  until: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);

export const grantModeratorRequest = z.object({ email: z.string().trim().toLowerCase().email() });
