// A person's data exports (docs/accounts.md "Your data"): one row per export, its progress written
// by whichever instance builds it, so any instance answers the page's poll.

import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at } from "../columns";
import { users } from "./auth";

export const accountExports = pgTable(
  "account_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** building, ready or failed. */
    status: text("status").notNull().default("building"),
    requestedAt: at("requested_at").notNull().defaultNow(),
    /** The builder's last sign of life; a build whose heartbeat is older may be taken over. */
    heartbeatAt: at("heartbeat_at"),
    /** The file being written (profile.json, posts.json, …, media/). */
    stage: text("stage"),
    itemsDone: integer("items_done").notNull().default(0),
    itemsTotal: integer("items_total").notNull().default(0),
    /** The zip in the private exports store, once it is complete. */
    objectKey: text("object_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    readyAt: at("ready_at"),
    /** The download works until then; the sweep deletes the file and the row after it. */
    expiresAt: at("expires_at"),
  },
  (t) => [
    // One export at a time per person.
    uniqueIndex("account_exports_one_building_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'building'`),
    index("account_exports_user_requested_idx").on(t.userId, t.requestedAt.desc()),
    index("account_exports_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check("account_exports_status_check", sql`${t.status} in ('building', 'ready', 'failed')`),
  ],
);
