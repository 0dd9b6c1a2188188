// App instances that share this database (docs/operations.md "Many instances"): each one keeps its
// row fresh while it runs, so a new instance sees the others before it serves.

import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "../columns";

export const instances = pgTable("instances", {
  /** host:port, the same across restarts of one instance (a restart replaces its own row). */
  id: text("id").primaryKey(),
  /** Whether this instance runs with REDIS_URL. */
  redis: boolean("redis").notNull(),
  /** A random value this instance keeps under its key in its Redis while it runs: an instance
   * that cannot read it there is on another Redis (infra/instances.ts). */
  redisProbe: text("redis_probe"),
  /** When the row was made: a clean stop deletes it, a crash leaves it for the restart. */
  startedAt: at("started_at").notNull().defaultNow(),
  seenAt: at("seen_at").notNull().defaultNow(),
});

/** Scheduled work shared by the instances (docs/operations.md "Many instances"): when a job last
 * ran, so a job on a timer in every instance runs once per period across all of them. */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: at("last_run_at").notNull(),
});
