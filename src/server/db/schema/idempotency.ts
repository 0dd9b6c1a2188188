// Answers kept for an Idempotency-Key (docs/mail.md "Sending once"; draft-ietf-httpapi-
// idempotency-key-header): the first answer to a person's request with a key, written in the
// same transaction as what the request stored, so a repeat is answered the same and stores
// nothing. Kept 24 hours.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the request (method, path, validated body): the same key with another request
     * is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
