// The profile index's feed (docs/search.md "Profile index"), on a fake clock: a write the change
// log never saw (its trigger skipped, as a bulk load may) is only picked up by the full reload an
// instance does after five minutes without reading the log; the log is pruned below a watermark
// once that watermark is ten minutes old; the feed is caught up (the /readyz signal) once loaded
// and while it has read the log lately.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { createAccount } from "../../../test-support/accounts";
import { createTestApp, type TestApp } from "../../../test-support/test-app";
import { ProfileIndexFeed } from "./index-feed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

// A catch-up re-reads everyone with a change at or past its watermark, the oldest transaction
// still running at its last read; the app's own work (the sign-up mail's outbox row) can hold
// that below the person's sign-up. Once nothing older runs, the next watermark is past it. The
// oldest running transaction is the whole server's: on a PostgreSQL shared with other test files
// their writes can hold it for seconds, hence the long wait.
async function nothingOlderRuns(userId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const [row] = await queryRows<{ past: boolean }>(
          t.database.db,
          sql`select pg_snapshot_xmin(pg_current_snapshot())::text::bigint >
          (select max(txid) from search_changes where user_id = ${userId}) as past`,
        );
        return row?.past;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}

describe("ProfileIndexFeed", () => {
  it("loads everything again after five minutes without reading the log", async () => {
    const person = await createAccount(t, { fullName: "Feed Person" });
    let now = 0;
    const feed = new ProfileIndexFeed(t.database.db, { now: () => now });
    await feed.start();
    try {
      const ageOf = async () => {
        const index = await feed.current();
        const slot = index.slotFor(person.userId) as number;
        return index.numbers.age.values[index.numbers.age.codeAt(slot)];
      };
      await nothingOlderRuns(person.userId);
      now += 1000;
      expect(await ageOf()).toBeNull();
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update profiles set age = 33 where user_id = ${person.userId}`);
      });
      now += MINUTE;
      expect(await ageOf()).toBeNull();
      now += 6 * MINUTE;
      expect(await ageOf()).toBe(33);
    } finally {
      feed.close();
    }
  });

  it("prunes the log below a watermark once it is ten minutes old", async () => {
    const person = await createAccount(t, { fullName: "Pruned Person" });
    const logged = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from search_changes where user_id = ${person.userId}`,
        )
      )[0]?.n;
    await nothingOlderRuns(person.userId);
    let now = 0;
    const feed = new ProfileIndexFeed(t.database.db, { now: () => now });
    await feed.start();
    try {
      await feed.current();
      expect(await logged()).toBeGreaterThan(0);
      // Later reads, each within the five minutes that keep the feed from reloading.
      for (let minute = 1; minute <= 9; minute++) {
        now = minute * MINUTE;
        await feed.current();
      }
      expect(await logged()).toBeGreaterThan(0);
      now = 10 * MINUTE;
      await feed.current();
      expect(await logged()).toBe(0);
    } finally {
      feed.close();
    }
  });

  it("is caught up once loaded, not after 90 s without reading the log, and again once it has", async () => {
    let now = 0;
    const feed = new ProfileIndexFeed(t.database.db, { now: () => now });
    expect(feed.caughtUp()).toBe(false);
    await feed.start();
    try {
      expect(feed.caughtUp()).toBe(true);
      now = 90_000;
      expect(feed.caughtUp()).toBe(true);
      now = 90_001;
      expect(feed.caughtUp()).toBe(false);
      await feed.current();
      expect(feed.caughtUp()).toBe(true);
    } finally {
      feed.close();
    }
  });
});
