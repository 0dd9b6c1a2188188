// Shapes of /api/transparency and /api/admin/transparency (docs/safety.md "Transparency report"):
// a year's figures, counted from what the product records, with the moderators' statement.
import { z } from "zod";
import { REPORT_REASONS } from "../report-reasons";
import { STATEMENT_MAX } from "../transparency";
import { MODERATION_ACTIONS } from "./safety";

export const transparencyYearParams = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, "A year is four digits, like 2025.")
    .transform(Number),
});

/** The years there is a report for, newest first, and the one to show first: the latest with a
 * report or an action in it (the current year when nothing was ever reported). */
export const transparencyYears = z.object({
  years: z.array(z.number().int()),
  latest: z.number().int(),
});

const count = z.number().int().min(0);

export const transparencyStatement = z.object({ text: z.string(), updatedAt: z.string() });

export const transparencyReport = z.object({
  year: z.number().int(),
  /** The year's first instant and the next year's, in UTC: counted are from ≤ t < to. */
  from: z.string(),
  to: z.string(),
  /** The current year: its figures still change. */
  live: z.boolean(),
  /** When the figures were counted (they are kept a while: docs/safety.md). */
  countedAt: z.string(),
  reports: z.object({
    /** Reports people here filed in the year, and per reason (every reason listed). */
    received: count,
    byReason: z.array(z.object({ reason: z.enum(REPORT_REASONS), count })),
    /** Reports of our people or posts that other servers sent (ActivityPub Flags). */
    fromOtherServers: count,
    /** Reports people here filed about people on other servers. */
    aboutOtherServers: count,
    /** Reports closed in the year by a moderator's first action on their target. */
    closed: count,
    /** Median of (closed − filed) over the reports closed in the year; null when none were. */
    medianTimeToAction: z.object({ seconds: z.number().min(0), label: z.string() }).nullable(),
  }),
  actions: z.object({
    total: count,
    byKind: z.array(z.object({ kind: z.enum(MODERATION_ACTIONS), count })),
    /** Removals, restrictions and suspensions per rule enforced; null: no rule named. */
    byRule: z.array(z.object({ rule: z.enum(REPORT_REASONS).nullable(), count })),
  }),
  appeals: z.object({
    received: count,
    approved: count,
    rejected: count,
    /** Filed by the year's end and not decided then (for the current year: now). */
    openAtYearEnd: count,
  }),
  suspensions: z.object({
    /** Suspensions in the year. */
    suspended: count,
    /** Accounts suspended at the year's end (for the current year: now). */
    suspendedAtYearEnd: count,
  }),
  statement: transparencyStatement.nullable(),
});
export type TransparencyReport = z.infer<typeof transparencyReport>;

export const statementRequest = z.object({
  /** Empty removes the year's statement. */
  statement: z
    .string()
    .trim()
    .max(STATEMENT_MAX, `A statement is at most ${STATEMENT_MAX.toLocaleString("en")} characters.`),
});
export const statementResponse = z.object({
  year: z.number().int(),
  statement: transparencyStatement.nullable(),
});
