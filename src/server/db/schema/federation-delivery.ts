// How our deliveries to each server fare (docs/federation.md "Deliveries per server"): one row per host,
// its counters moved by one upsert per outcome, so instances sharing the database stay exact.
import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "../columns";

export const fedDeliveryHealth = pgTable("fed_delivery_health", {
  host: text("host").primaryKey(),
  /** Deliveries the server took (2xx). */
  delivered: bigint("delivered", { mode: "number" }).notNull().default(0),
  /** Attempts that failed and will be tried again. */
  failing: bigint("failing", { mode: "number" }).notNull().default(0),
  /** Deliveries given up on: a permanent refusal (404, 410) or the retries spent. */
  failed: bigint("failed", { mode: "number" }).notNull().default(0),
  lastDeliveredAt: at("last_delivered_at"),
  lastError: text("last_error"),
  lastErrorAt: at("last_error_at"),
});
