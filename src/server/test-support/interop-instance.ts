// The waits the federation tests share (docs/federation.md "Tests"): a check that passes once
// deliveries have gone through the queues, and Fedify's queue drained.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../db/client";
import type { TestApp } from "./test-app";

/** How long a delivery between instances may take: an activity goes through the sender's
 * outbox and queue and the receiver's queue, each retried with backoff, and on a loaded machine
 * (the whole suite at once) that took more than 15 s. */
const DELIVERY_WAIT_MS = 30_000;

/** Waits until `check` passes (deliveries go through queues), or fails with its last error. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  ms = DELIVERY_WAIT_MS,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits until Fedify's queue is empty: every activity received has been handled, every one sent
 * delivered (docs/federation.md "Storage"). */
export const queueDrained = (t: TestApp) =>
  eventually(async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from fed_queue`,
    );
    expect(row?.n).toBe(0);
  });
