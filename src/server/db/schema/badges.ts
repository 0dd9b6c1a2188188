// Requests for the yellow badge and the veteran medal (docs/safety.md "Badges"): what the person
// sent, the moderator's question, the decision and its reason. One request per person and kind is
// open at a time (open or waiting for the person's answer); decided rows stay, so a denial's date
// tells when the person may ask again and the history is in the person's data export.

import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../columns";
import { users } from "./auth";

export const badgeRequests = pgTable(
  "badge_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** yellow or veteran. */
    kind: text("kind").notNull(),
    /** open, more_info (a moderator asked), approved, denied or revoked. */
    status: text("status").notNull().default("open"),
    /** yellow: organisation, business, public_figure or creator. */
    category: text("category"),
    officialName: text("official_name"),
    /** yellow: up to three public https links. */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    orgEmail: text("org_email"),
    orgEmailConfirmedAt: at("org_email_confirmed_at"),
    /** veteran: the document in the private store, read only by moderators. */
    proofUrl: text("proof_url"),
    proofType: text("proof_type"),
    proofDeletedAt: at("proof_deleted_at"),
    /** The moderator's question, and the person's answer to it. */
    question: text("question"),
    answer: text("answer"),
    /** Why it was denied or revoked; the person sees it. */
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: at("decided_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("badge_requests_one_open_idx")
      .on(t.userId, t.kind)
      .where(sql`${t.status} in ('open', 'more_info')`),
    index("badge_requests_user_idx").on(t.userId, t.kind, t.createdAt.desc()),
    index("badge_requests_queue_idx").on(t.status, t.updatedAt.desc(), t.id.desc()),
    index("badge_requests_proof_due_idx")
      .on(t.decidedAt)
      .where(sql`${t.proofUrl} is not null and ${t.proofDeletedAt} is null`),
    check("badge_requests_kind_check", sql`${t.kind} in ('yellow', 'veteran')`),
    check(
      "badge_requests_status_check",
      sql`${t.status} in ('open', 'more_info', 'approved', 'denied', 'revoked')`,
    ),
  ],
);
