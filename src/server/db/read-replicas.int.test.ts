// Read replicas (docs/operations.md "Read replicas") against a real streaming replica of the
// PostgreSQL server the test runs on, made by test-support/replica.ts. Two app instances share
// the primary and the replica: A bounds the replica's lag at 30 s (so a paused replay shows what
// a replica behind would serve), B at 500 ms. PostgreSQL only: PGlite has no replicas.
import { setTimeout as delay } from "node:timers/promises";
import type { LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, createAccount, type TestAccount } from "../test-support/accounts";
import { type Replica, startReplica } from "../test-support/replica";
import { follow, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { createPostgresDatabase } from "../test-support/test-db";
import { type Database, fromPostgres } from "./client";

const serverUrl = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = "replica-metrics-token";

let requests = 0;

/** A browser's cookie jar: the session, and what later answers set. Each request comes from an
 * address of its own, so the loops below stay within the per-IP budgets. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(account: TestAccount) {
    this.take(account.cookie.split("; "));
  }
  private take(pairs: string[]) {
    for (const pair of pairs) {
      const at = pair.indexOf("=");
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  async request(t: TestApp, method: "GET" | "POST", url: string, payload?: object) {
    requests += 1;
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: `10.54.${Math.floor(requests / 250) % 250}.${(requests % 250) + 1}`,
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      ...(payload ? { payload } : {}),
    });
    this.take(cookieHeader(res.headers["set-cookie"]).split("; "));
    return res;
  }
}

const healthOf = (t: TestApp) => {
  const health = t.database.replicas?.health()[0];
  if (!health) throw new Error("the app has no replica");
  return health;
};

/** performance.now() of the newest primary position the replica had replayed when last polled. */
const holdsUntil = (t: TestApp) =>
  performance.now() - (healthOf(t).lagSeconds ?? Number.POSITIVE_INFINITY) * 1000;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

describe.skipIf(!serverUrl)("read replicas", () => {
  let replica: Replica;
  let drop: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  let author: TestAccount;
  let reader: TestAccount;
  let post: { id: string; path: string };
  let name: string;
  let databases: Database[] = [];

  beforeAll(async () => {
    const began = performance.now();
    replica = await startReplica(serverUrl as string);
    const created = await createPostgresDatabase(serverUrl as string);
    drop = created.drop;
    name = new URL(created.url).pathname.slice(1);
    await replica.waitFor(name);
    const replicaUrl = replica.urlOf(name);
    const primary = fromPostgres(created.url, 5);
    await primary.migrate();
    await primary.close();
    console.info(
      `replica ready in ${Math.round(performance.now() - began)} ms (base backup ${Math.round(replica.timings.backupMs)} ms, start ${Math.round(replica.timings.startMs)} ms)`,
    );
    const open = (maxLagMs: number) =>
      fromPostgres(created.url, 5, undefined, { urls: [replicaUrl], pollMs: 100, maxLagMs });
    databases = [open(30_000), open(500)];
    a = await createTestApp({ METRICS_TOKEN }, { database: databases[0] });
    b = await createTestApp({ METRICS_TOKEN }, { database: databases[1] });
    [author, reader] = (await Promise.all(
      ["author", "reader"].map((label) => createAccount(a, { label })),
    )) as [TestAccount, TestAccount];
    await follow(a, reader, author);
    post = await publish(a, author, "Read from a replica");
    await a.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      headers: { cookie: author.cookie },
      payload: { content: "A first comment" },
    });
  }, 120_000);

  afterAll(async () => {
    await replica?.query("select pg_wal_replay_resume()").catch(() => undefined);
    // An app closes its database; one not made leaves it to be closed here.
    await (a ? a.close() : databases[0]?.close());
    await (b ? b.close() : databases[1]?.close());
    await drop?.();
    await replica?.close();
  }, 60_000);

  const hotReads = [
    () => `/api/profiles/${author.handle}`,
    () => `/api/posts/by-path${post.path}`,
    () => `/api/posts/${post.id}/comments`,
    () => "/api/feed",
  ];

  it("serves profile, post, comment and feed reads from the replica", async () => {
    const readerBrowser = new Browser(reader);
    await until(() => healthOf(a).usable, "the replica to be usable");
    // The reader's last write (following the author) must reach the replica first.
    await until(async () => {
      const before = healthOf(a).reads;
      await readerBrowser.request(a, "GET", `/api/profiles/${author.handle}`);
      return healthOf(a).reads > before;
    }, "a read on the replica");
    // A feed page fills from a replica only once it holds every change the cache has heard of:
    // the events of the writes above, which the outbox may publish a moment after their answers.
    await delay(300);
    const quiet = performance.now();
    await until(() => holdsUntil(a) > quiet, "the replica to hold the writes' events");
    for (const url of hotReads) {
      const before = healthOf(a).reads;
      const res = await readerBrowser.request(a, "GET", url());
      expect(res.statusCode, url()).toBe(200);
      expect(healthOf(a).reads, url()).toBeGreaterThan(before);
    }
    const sessions = await replicaSessions(replica, name);
    expect(sessions).toBeGreaterThan(0);
    const metrics = await a.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/chtcht_db_replica_usable\{replica="127\.0\.0\.1:\d+\/\w+"\} 1/);
    expect(metrics.body).toMatch(
      /chtcht_db_replica_reads\{replica="[^"]+",outcome="served"\} [1-9]/,
    );
  });

  it("gives the writer its own writes, on either instance, while others may read older data", async () => {
    const writer = new Browser(author);
    const readerBrowser = new Browser(reader);
    let stale = 0;
    let readerSawNew = 0;
    // Replay paused: the replica holds nothing newer, and A's bound still lets it serve.
    await replica.query("select pg_wal_replay_pause()");
    try {
      for (let n = 0; n < 15; n++) {
        const written = await writer.request(a, "POST", "/api/posts", { content: `Write ${n}` });
        expect(written.statusCode).toBe(201);
        const { path } = written.json().post as { path: string };
        for (const instance of [a, b]) {
          const read = await writer.request(instance, "GET", `/api/posts/by-path${path}`);
          if (read.statusCode !== 200) stale++;
        }
        const other = await readerBrowser.request(a, "GET", `/api/posts/by-path${path}`);
        if (other.statusCode === 200) readerSawNew++;
      }
    } finally {
      await replica.query("select pg_wal_replay_resume()");
    }
    expect(stale).toBe(0);
    // The replica served the reader what it held: none of the new posts.
    expect(readerSawNew).toBe(0);
    // Once replayed, the reader reads them from the replica too.
    await until(async () => {
      const res = await readerBrowser.request(a, "GET", `/api/profiles/${author.handle}`);
      return res.statusCode === 200 && healthOf(a).usable;
    }, "the replica to catch up");
  });

  it("keeps answering from the primary while the replica is stopped, and uses it again after", async () => {
    const readerBrowser = new Browser(reader);
    const statuses: number[] = [];
    let loading = true;
    // Four reads a second each, 16 in all: well inside a person's 600 reads a minute
    // (docs/operations.md "Limits") however long the replica takes to stop and start.
    const loop = async (url: string) => {
      while (loading) {
        statuses.push((await readerBrowser.request(a, "GET", url)).statusCode);
        await delay(250);
      }
    };
    const load = Promise.all(hotReads.map((url) => loop(url())));
    try {
      await delay(500);
      await replica.stop();
      await until(() => !healthOf(a).usable, "the replica to be skipped");
      const duringStop = statuses.length;
      await delay(1_000);
      expect(statuses.length).toBeGreaterThan(duringStop);
      await replica.start();
      await until(() => healthOf(a).usable, "the replica to be used again");
      const back = healthOf(a).reads;
      await until(() => healthOf(a).reads > back, "reads on the restarted replica");
    } finally {
      loading = false;
      await load;
    }
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 60_000);

  it("leaves a replica whose lag passes the bound, and comes back once it catches up", async () => {
    const readerBrowser = new Browser(reader);
    await until(() => healthOf(b).usable, "the replica to be usable");
    await replica.query("select pg_wal_replay_pause()");
    let late: LightMyRequestResponse;
    try {
      const written = await publish(a, author, "Written while replay is paused");
      await until(() => !healthOf(b).usable, "the lag to pass B's bound", 5_000);
      expect(healthOf(b).lagSeconds).toBeGreaterThan(0.5);
      expect(healthOf(a).usable).toBe(true);
      const before = healthOf(b).reads;
      late = await readerBrowser.request(b, "GET", `/api/posts/by-path${written.path}`);
      expect(healthOf(b).reads).toBe(before);
    } finally {
      await replica.query("select pg_wal_replay_resume()");
    }
    expect(late.statusCode).toBe(200);
    await until(() => healthOf(b).usable, "the replica to catch up");
    const before = healthOf(b).reads;
    await readerBrowser.request(b, "GET", `/api/profiles/${author.handle}`);
    expect(healthOf(b).reads).toBeGreaterThan(before);
  });
});

/** Sessions open on the replica's copy of the test database (pg_stat_activity there). */
async function replicaSessions(replica: Replica, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: replica.urlOf("postgres") });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [database],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
