// The transactional outbox (docs/outbox.md): side effects that must follow a commit (e-mail,
// cross-instance events, provider calls) are rows written in the same transaction as the change,
// delivered afterwards by a worker in every instance that claims rows with FOR UPDATE SKIP LOCKED.

import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "../columns";

export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What the worker does with the payload: mail, event, payments.cancel. */
    topic: text("topic").notNull(),
    payload: jsonb("payload").notNull(),
    /** Delivery attempts so far (a claim counts as one). */
    attempts: integer("attempts").notNull().default(0),
    /** Not claimable before this moment: a retry's backoff, or a claim's lease. */
    availableAt: at("available_at").notNull().defaultNow(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastError: text("last_error"),
    /** Set when the worker gave up; the row stays for an operator to read. */
    failedAt: at("failed_at"),
  },
  (t) => [index("outbox_due_idx").on(t.availableAt, t.id).where(sql`${t.failedAt} is null`)],
);
