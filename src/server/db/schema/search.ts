// The advanced search's change log (docs/search.md "Profile index"): a trigger on profiles writes
// a row here for every profile added, removed, or changed in what search reads, with the writing
// transaction's id. Each app instance's in-memory index reads the rows past its watermark, so it
// sees every committed change, whoever wrote it. Rows older than ten minutes are pruned.
import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const searchChanges = pgTable(
  "search_changes",
  {
    txid: bigint("txid", { mode: "bigint" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    userId: text("user_id").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("search_changes_txid_idx").on(t.txid),
    index("search_changes_changed_at_idx").on(t.changedAt),
  ],
);
