// Outbox rows in tests (docs/outbox.md): a retry waits out its backoff; tests skip the wait.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** Makes the waiting outbox rows (of `topic`, or all) due now, as if their backoff had passed. */
export const makeOutboxDue = (db: Db, topic?: string) =>
  db.execute(
    topic
      ? sql`update outbox set available_at = now() where topic = ${topic}`
      : sql`update outbox set available_at = now()`,
  );
