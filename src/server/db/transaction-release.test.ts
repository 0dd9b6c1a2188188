// A transaction whose BEGIN fails gives its connection back to the pool (patches/drizzle-orm+0.45.4.patch):
// unpatched, Drizzle's node-postgres transaction sent BEGIN before its try, so a BEGIN that failed
// (a connection the server had ended, as in a restart: docs/operations.md "Database") left the
// connection lent for good. Each outage then shrank the pool, and closing it waited forever. A
// rollback that fails likewise hands the connection back as broken, and the transaction's own
// error is the one thrown.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeServer, fakePostgres } from "../test-support/fake-postgres";

describe("a transaction on the pool", () => {
  let fake: FakeServer | undefined;
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    fake?.server.close();
  });

  it("gives its connection back when BEGIN fails, so the pool lends none and can close", async () => {
    fake = await fakePostgres();
    pool = new pg.Pool({ host: "127.0.0.1", port: fake.port, user: "test", max: 1 });
    const db = drizzle({ client: pool });
    fake.failNextAfterMs = 0;
    await expect(db.transaction(async () => "done")).rejects.toThrow("Failed query: begin");
    expect(pool.totalCount - pool.idleCount).toBe(0);
    // Released as broken: the pool dropped it rather than lend it again.
    expect(pool.totalCount).toBe(0);
  });
});
