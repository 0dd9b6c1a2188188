// The search budget across two app processes on one PostgreSQL database and one Redis
// (docs/search.md "Search budget"): pages read on instance A and on instance B spend from one
// budget, so a load balancer spreading a scraper's requests gives it no more; a cursor made on one
// instance opens on the other (both sign with the same SESSION_SECRET). The counters are keyed
// by the searching account's id, new for this file, so tests sharing the Redis do not collide.
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildAccount,
  type ChildServer,
  signUp,
  startServer,
  stopServer,
} from "../../test-support/child-server";
import { redisReachable, testRedisUrl } from "../../test-support/local-services";
import { createPostgresDatabase } from "../../test-support/test-db";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const ready = (await redisReachable()) && (await postgresReachable());
if (!ready) console.warn("shared search budget test skipped: Redis or PostgreSQL not reachable");

describe.skipIf(!ready)("the search budget across two instances (PostgreSQL + Redis)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: ChildServer;
  let b: ChildServer;
  let searcher: ChildAccount;
  const env = () => ({
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl,
    SEARCH_PAGES_PER_HOUR: "6,10",
    SEARCH_PAGES_PER_DAY: "6,10",
  });

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl);
    a = await startServer({ env: env() });
    b = await startServer({ env: env() });
    searcher = await signUp(a, "budget");
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`
        with made as (
          insert into users (id, name, email, email_verified)
          select 'shared-' || n, 'Shared Crowd', 'shared' || n || '@example.com', true
          from generate_series(1, 10) n
          returning id
        )
        insert into profiles (user_id, default_username, full_name, email_address, chtcht_email)
        select id, id, 'Shared Crowd', id || '@example.com', id || '@chtcht.local' from made`);
    } finally {
      await client.end();
    }
  }, 180_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      await stopServer(instance);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  }, 60_000);

  const page = (server: ChildServer, cursor: string | null) =>
    fetch(
      `${server.url}/api/search/profiles?q=shared&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { headers: { cookie: searcher.cookie } },
    );

  it("spends one budget from both: three pages on A and three on B, then 429 on each", async () => {
    let cursor: string | null = null;
    for (const [i, server] of [a, a, a, b, b, b].entries()) {
      const res = await page(server, cursor);
      expect(res.status, `page ${i + 1}: ${await res.clone().text()}`).toBe(200);
      const body = (await res.json()) as { items: unknown[]; nextCursor: string | null };
      expect(body.items).toHaveLength(1);
      cursor = body.nextCursor;
    }
    for (const server of [a, b]) {
      const refused = await page(server, cursor);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("rate_limited");
      expect(error.message).toMatch(/^You have looked through a lot of search results\./);
    }
  });
});
