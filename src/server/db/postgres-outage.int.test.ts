// A PostgreSQL restart under load (docs/operations.md "Database"): the app's database is a
// PostgreSQL server of this test's own, stopped (fast, as a service restart does: sessions are
// ended) for 3 s mid-load and started again on the same port and data. No answer is a 500: what
// needed the database while it was away answers 503 with Retry-After; once it is back every read
// is a 200 again and every post answered 201 is stored. A post answered 503 may be stored too: its
// commit can land just before the read that makes its answer fails (docs/operations.md
// "Database"); none is stored twice.
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import {
  hasPostgresServer,
  type OwnPostgres,
  startOwnPostgres,
} from "../test-support/postgres-server";
import { inject, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { createPostgresDatabase } from "../test-support/test-db";
import { fromPostgres, queryRows } from "./client";

interface Answer {
  kind: "read" | "post";
  status: number;
  retryAfter: string | undefined;
}

const OUTAGE_MS = 3_000;

describe.skipIf(!hasPostgresServer())("a PostgreSQL restart under load", () => {
  let server: OwnPostgres;
  let t: TestApp;
  let loading = false;
  let load: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    server = await startOwnPostgres();
    const created = await createPostgresDatabase(server.url);
    const database = fromPostgres(created.url, 5);
    await database.migrate();
    t = await createTestApp({}, { database });
  }, 120_000);

  afterAll(async () => {
    loading = false;
    await load.catch(() => undefined);
    // The server first: a pool then finds nothing to wait for, and nothing is left running.
    await server?.close();
    await t?.close();
  }, 120_000);

  it("answers 503 with Retry-After while it is away, never 500, and loses no acknowledged post", async () => {
    const [author, reader] = (await Promise.all(
      ["author", "reader"].map((label) => createAccount(t, { label })),
    )) as [TestAccount, TestAccount];
    const post = await publish(t, author, "A post read while the database restarts");

    const answers: Answer[] = [];
    const record = async (kind: Answer["kind"], request: ReturnType<typeof inject>) => {
      const res = await request;
      answers.push({
        kind,
        status: res.statusCode,
        retryAfter: res.headers["retry-after"] as string | undefined,
      });
      return res;
    };
    const posted: string[] = [];
    const unsure = new Set<string>();
    loading = true;
    const loop = async (step: (n: number) => Promise<unknown>) => {
      for (let n = 0; loading; n++) {
        await step(n);
        await delay(50);
      }
    };
    load = Promise.all([
      loop(() => record("read", inject(t, reader, "GET", `/api/posts/${post.id}`))),
      loop(() => record("read", inject(t, reader, "GET", `/api/users/${author.userId}/posts`))),
      loop(async (n) => {
        const res = await record(
          "post",
          inject(t, author, "POST", "/api/posts", { content: `Written under load ${n}` }),
        );
        if (res.statusCode === 201) posted.push(res.json().post.id);
        if (res.statusCode === 503) unsure.add(`Written under load ${n}`);
      }),
    ]);

    await delay(500);
    await server.stop();
    // A write while the database is away: unavailable for a moment, not an internal error.
    const duringOutage = await inject(t, author, "POST", "/api/posts", {
      content: "Written while the database is away",
    });
    expect(duringOutage.statusCode).toBe(503);
    expect(duringOutage.headers["retry-after"]).toBe("5");
    expect(duringOutage.json().error.code).toBe("unavailable");
    await delay(OUTAGE_MS);
    await server.start();

    // Reads answer again once the pools have reconnected.
    const deadline = Date.now() + 15_000;
    let again = 0;
    while (again !== 200 && Date.now() < deadline) {
      again = (await inject(t, reader, "GET", `/api/users/${author.userId}/posts`)).statusCode;
      if (again !== 200) await delay(100);
    }
    expect(again).toBe(200);
    await delay(1_000);
    loading = false;
    await load;

    expect(answers.filter((a) => a.kind === "post" && a.status === 503).length).toBeGreaterThan(0);
    expect(
      answers.filter((a) => !(a.status < 300 || (a.status === 503 && Number(a.retryAfter) > 0))),
    ).toEqual([]);
    const listed = await queryRows<{ id: string; content: string }>(
      t.database.db,
      sql`select id, content from posts where user_id = ${author.userId}`,
    );
    const ids = new Set(listed.map((row) => row.id));
    expect([...posted, post.id].filter((id) => !ids.has(id))).toEqual([]);
    const beyond = listed.filter((row) => row.id !== post.id && !posted.includes(row.id));
    expect(beyond.filter((row) => !unsure.has(row.content))).toEqual([]);
    expect(new Set(listed.map((row) => row.content)).size).toBe(listed.length);
  }, 120_000);
});
