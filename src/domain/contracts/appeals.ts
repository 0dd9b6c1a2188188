// Shapes of a person's account standing and their appeals (docs/safety.md "Account standing",
// "Appeals"): /api/safety/standing/actions, /api/safety/actions/:actionId/appeal, and the
// moderators' /api/admin/appeals.
import { z } from "zod";
import { APPEAL_TEXT_MAX, STANDING_ACTIONS, STANDING_STATES } from "../moderation-standing";
import { REPORT_REASONS, REPORT_TARGETS } from "../report-reasons";
import { personSummary } from "./follows";
import { pageOf, pageQueryOf } from "./page";
import { reportedContent } from "./safety";

export const APPEAL_STATUSES = ["open", "approved", "rejected"] as const;

/** An appeal as its author sees it: never who decided it. */
export const appealView = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  createdAt: z.string(),
  /** Required to reject, optional to approve. */
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AppealView = z.infer<typeof appealView>;

/** One action taken on the person, as Account standing lists it; never the moderator. */
export const standingActionView = z.object({
  id: z.string(),
  action: z.enum(STANDING_ACTIONS),
  createdAt: z.string(),
  /** A restriction's end. */
  until: z.string().nullable(),
  targetType: z.enum(REPORT_TARGETS),
  /** The person's own post, comment or message the action was about (null: their account, or
   * content that is gone). */
  content: z
    .object({
      excerpt: z.string().nullable(),
      /** The post's page, while the post is there to see. */
      href: z.string().nullable(),
    })
    .nullable(),
  /** The rule it enforces; null when none was named (and for a restore). */
  rule: z.enum(REPORT_REASONS).nullable(),
  /** The moderator's note to the person. */
  reason: z.string(),
  /** null for a restore, which does not count. */
  state: z.enum(STANDING_STATES).nullable(),
  appeal: appealView.nullable(),
  appealable: z.boolean(),
});
export type StandingActionView = z.infer<typeof standingActionView>;

export const standingActionsResponse = z.object({
  /** The actions that count now (active). */
  activeCount: z.number().int().min(0),
  items: z.array(standingActionView),
});
export type StandingActions = z.infer<typeof standingActionsResponse>;

export const actionIdParams = z.object({ actionId: z.uuid() });

export const appealRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, { message: "Say why the action should be undone." })
    .max(APPEAL_TEXT_MAX, { message: `Keep it to ${APPEAL_TEXT_MAX} characters.` }),
});
export const appealResponse = z.object({ appeal: appealView });

/** An appeal in the moderators' queue, with the whole record of the action it appeals. */
export const queuedAppeal = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  createdAt: z.string(),
  /** Who appeals: the person the action was taken on. */
  person: personSummary,
  action: z.object({
    id: z.string(),
    action: z.enum(STANDING_ACTIONS),
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string(),
    rule: z.enum(REPORT_REASONS).nullable(),
    reason: z.string(),
    until: z.string().nullable(),
    createdAt: z.string(),
    moderator: personSummary.nullable(),
    reversedAt: z.string().nullable(),
  }),
  /** The content as the report queue shows it (null: the account, or content that is gone). */
  content: reportedContent.nullable(),
  decision: z
    .object({
      by: personSummary.nullable(),
      reason: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type QueuedAppeal = z.infer<typeof queuedAppeal>;

export const appealQueueQuery = pageQueryOf({ default: 20, max: 50 }).extend({
  status: z.enum(["open", "decided"]).default("open"),
});
export const appealQueuePage = pageOf(queuedAppeal);

export const appealParams = z.object({ id: z.uuid() });

/** The signed link of a suspension's e-mail (docs/safety.md "Appealing a suspension"). */
export const appealLinkParams = z.object({ token: z.string().min(1).max(512) });
export const appealLinkResponse = z.object({ action: standingActionView });

export const appealDecisionRequest = z
  .object({
    decision: z.enum(["approve", "reject"]),
    /** Told to the person; required to reject. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((d) => d.decision === "approve" || (d.reason ?? "").length > 0, {
    path: ["reason"],
    message: "Give the reason the person is told.",
  });
export type AppealDecision = z.infer<typeof appealDecisionRequest>;

export const appealDecisionResponse = z.object({
  status: z.enum(["approved", "rejected"]),
  /** Approved: whether the action's effect was undone (false: a later action replaced it, and
   * stays; docs/safety.md "Appeals"). */
  undone: z.boolean(),
});
