// Two app processes on different ports share PostgreSQL and Redis, as behind a load balancer:
// a follow made through instance A reaches a WebSocket client connected to instance B.
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ENDED_CLOSE_CODE } from "../../domain/realtime-frames";
import {
  type ChildAccount,
  type ChildServer,
  signInAgain,
  signUp,
  startServer,
  stopServer,
} from "../test-support/child-server";
import { testRedisUrl, whyNoRedisAndPostgres } from "../test-support/local-services";
import { createPostgresDatabase } from "../test-support/test-db";
import { connectRealtime } from "../test-support/ws-client";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const skipReason = await whyNoRedisAndPostgres(pgUrl);
if (skipReason) console.warn(`multi-instance realtime test skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  "realtime across two app instances (PostgreSQL + Redis)",
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let a: ChildServer;
    let b: ChildServer;
    const MODERATOR = `moderator.${Date.now().toString(36)}@example.com`;
    const startInstance = (databaseUrl: string) =>
      startServer({
        env: { DATABASE_URL: databaseUrl, REDIS_URL: testRedisUrl, ADMIN_EMAILS: MODERATOR },
      });
    const stopInstance = async (instance: ChildServer) => {
      await stopServer(instance);
      rmSync(instance.dataDir, { recursive: true, force: true });
    };
    const signedInUser = (instance: ChildServer) => signUp(instance, "multi");

    beforeAll(async () => {
      database = await createPostgresDatabase(pgUrl);
      a = await startInstance(database.url);
      b = await startInstance(database.url);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
      await database?.drop();
    }, 60_000);

    it("delivers a follow made on instance A to a client on instance B within 1 s", async () => {
      const follower = await signedInUser(a);
      const followed = await signedInUser(a);
      const socket = await connectRealtime(b.url, followed.cookie);
      try {
        await socket.waitFor((m) => m.type === "ready");
        const started = Date.now();
        const res = await fetch(`${a.url}/api/follows/toggle`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: follower.cookie },
          body: JSON.stringify({ targetUserId: followed.id }),
        });
        expect(res.status).toBe(200);
        const message = await socket.waitFor((m) => m.type === "follow.changed", 1000);
        expect(message).toEqual({
          type: "follow.changed",
          followerId: follower.id,
          followingId: followed.id,
          following: true,
          state: "following",
        });
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        socket.close();
      }
    });

    it("ends a session on instance B when it is signed out on instance A", async () => {
      const person = await signedInUser(a);
      const feed = () => fetch(`${b.url}/api/feed`, { headers: { cookie: person.cookie } });
      expect((await feed()).status).toBe(200); // B's session cache now holds the cookie
      const logout = await fetch(`${a.url}/api/auth/logout`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: person.cookie },
        body: "{}",
      });
      expect(logout.status).toBe(200);
      const deadline = Date.now() + 1000;
      let status = (await feed()).status;
      while (status !== 401 && Date.now() < deadline) status = (await feed()).status;
      expect(status).toBe(401);
    });

    /**
     * One person signed in on A in two browsers, each with a socket on B. `signOut` ends the other
     * browser's session (its id given) from Settings on A (docs/accounts.md "Where you're signed
     * in"); that socket on B must close with 4401 within 1 s of the request, and this browser's
     * still answer.
     */
    async function expectOtherSocketClosedOnB(
      signOut: (person: ChildAccount, otherSessionId: string) => Promise<Response>,
    ) {
      const person = await signedInUser(a);
      const otherBrowser = await signInAgain(a, person);
      const list = await fetch(`${a.url}/api/account/sessions`, {
        headers: { cookie: person.cookie },
      });
      const { items } = (await list.json()) as { items: { id: string; current: boolean }[] };
      expect(items.map((s) => s.current).sort()).toEqual([false, true]);
      const otherSessionId = items.find((s) => !s.current)?.id as string;
      const socket = await connectRealtime(b.url, otherBrowser);
      const mine = await connectRealtime(b.url, person.cookie);
      try {
        await Promise.all([socket, mine].map((s) => s.waitFor((m) => m.type === "ready")));
        const started = Date.now();
        const res = await signOut(person, otherSessionId);
        expect(await res.json()).toEqual({ ended: 1 });
        expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
        expect(Date.now() - started).toBeLessThan(1000);
        mine.send({ type: "ping" });
        await mine.waitFor((m) => m.type === "pong");
      } finally {
        socket.close();
        mine.close();
      }
    }

    it("closes on instance B, within 1 s, the socket of a session signed out from Settings on instance A", async () => {
      await expectOtherSocketClosedOnB((person) =>
        fetch(`${a.url}/api/account/sessions/sign-out-others`, {
          method: "POST",
          headers: { cookie: person.cookie },
        }),
      );
    });

    it("closes on instance B, within 1 s, the socket of the one session signed out with its own Sign out on instance A", async () => {
      await expectOtherSocketClosedOnB((person, otherSessionId) =>
        fetch(`${a.url}/api/account/sessions/${otherSessionId}`, {
          method: "DELETE",
          headers: { cookie: person.cookie },
        }),
      );
    });

    it("ends the sessions of someone suspended on instance A on instance B within 1 s", async () => {
      const moderator = await signUp(a, "moderator", MODERATOR);
      const person = await signedInUser(a);
      const feed = () => fetch(`${b.url}/api/feed`, { headers: { cookie: person.cookie } });
      expect((await feed()).status).toBe(200);
      const acted = await fetch(`${a.url}/api/admin/actions`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: moderator.cookie },
        body: JSON.stringify({
          targetType: "profile",
          targetId: person.id,
          action: "suspend",
          rule: "other",
          reason: "Ban evasion",
        }),
      });
      expect(acted.ok, await acted.clone().text()).toBe(true);
      const deadline = Date.now() + 1000;
      let status = (await feed()).status;
      while (status !== 401 && Date.now() < deadline) status = (await feed()).status;
      expect(status).toBe(401);
    });

    it("finds on instance B, within 2 s, a profile renamed on instance A", async () => {
      const person = await signedInUser(a);
      const searcher = await signedInUser(b);
      const name = `Renamed ${Date.now().toString(36)}`;
      const rename = await fetch(`${a.url}/api/profiles/${person.id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie: person.cookie },
        body: JSON.stringify({ fullName: name, emailAddress: person.email, details: {} }),
      });
      expect(rename.status).toBe(200);
      const started = Date.now();
      const found = async () => {
        const res = await fetch(`${b.url}/api/search/profiles?q=${encodeURIComponent(name)}`, {
          headers: { cookie: searcher.cookie },
        });
        const { items } = (await res.json()) as { items: { userId: string }[] };
        return items.map((item) => item.userId);
      };
      let ids = await found();
      while (!ids.includes(person.id) && Date.now() - started < 2000) ids = await found();
      expect(ids).toEqual([person.id]);
    });

    it("holds a rate limit spent on instance A on instance B (the budgets live in Redis)", async () => {
      const email = `limited.${Date.now().toString(36)}@example.com`;
      // Not the mailed code, but for one chance in a million.
      const WRONG = "135792";
      const ip = "10.66.0.9";
      const post = (server: ChildServer, url: string, body: object) =>
        fetch(`${server.url}${url}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify(body),
        });
      const register = await post(a, "/api/auth/register", {
        email,
        fullName: "Limited Person",
        password: "violet kettle 7342",
        agreeToPolicies: true,
      });
      expect(register.status).toBe(201);
      // Ten wrong codes from one IP for one address spend that pair's budget (operations.md
      // "Limits"), five on each instance; the next check is refused on both.
      for (let i = 0; i < 10; i++) {
        const wrong = await post(i % 2 ? b : a, "/api/auth/verify-code", { email, code: WRONG });
        expect(wrong.status, `check ${i + 1}`).toBe(400);
        expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe(
          "invalid_code",
        );
      }
      for (const server of [a, b]) {
        const refused = await post(server, "/api/auth/verify-code", { email, code: WRONG });
        expect(refused.status).toBe(429);
      }
    });

    it("refuses an instance without REDIS_URL on the same database, naming the variable", async () => {
      const lone = startServer({ env: { DATABASE_URL: database.url } });
      await expect(lone).rejects.toThrow(/instance exited: .*REDIS_URL/s);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ redis: boolean }>("select redis from instances");
        expect(rows.map((r) => r.redis)).toEqual([true, true]);
      } finally {
        await client.end();
      }
    });
  },
);

describe.skipIf(skipReason !== null)("two instances on one database without Redis", () => {
  it("the second refuses to start, and starts once the first has stopped", async () => {
    const database = await createPostgresDatabase(pgUrl);
    const first = await startServer({ env: { DATABASE_URL: database.url } });
    try {
      await expect(startServer({ env: { DATABASE_URL: database.url } })).rejects.toThrow(
        /instance exited: .*REDIS_URL/s,
      );
      await stopServer(first);
      const second = await startServer({ env: { DATABASE_URL: database.url } });
      await stopServer(second);
    } finally {
      await stopServer(first);
      rmSync(first.dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
