// Many instances, one product, under load (docs/operations.md "Behind a load balancer";
// docs/performance.md "Cluster"): bench/lib/cluster.ts's INSTANCES instances behind nginx, PEOPLE
// seeded people with sessions, SOCKETS of them on /realtime through nginx (reconnecting as a
// browser does), and for DURATION seconds at once: feed readers, posters, likers, followers,
// messages, header and advanced searches and profile edits, all through nginx; halfway, one
// instance is restarted (SIGTERM, it drains, it starts again). Then it checks:
//   - no 5xx and no failed request anywhere;
//   - no acknowledged write lost: every post and message answered 201 is in the database, every
//     like and follow is in the state its last answer said;
//   - realtime: every follow and message event reached its recipient's socket on whichever
//     instance it was (counted; one sent while that socket was reconnecting is counted apart);
//   - catching up: a profile renamed through nginx is found by a search on each instance directly,
//     and a post made through nginx is in a follower's home feed read on each instance directly
//     (how long each took, measured);
//   - the username lifecycle ran about once a minute across the cluster (job_runs);
//   - each instance's RSS at the start, then once a minute to the end.
//   node --import tsx bench/cluster-load.ts      options: DURATION=600 INSTANCES=3 PEOPLE=3000 SOCKETS=2000
import { execFileSync } from "node:child_process";
import pg from "pg";
import WebSocket from "ws";
import type { ServerMessage } from "../src/domain/realtime-events";
import type { ChildServer } from "../src/server/test-support/child-server";
import { startCluster } from "./lib/cluster";
import { generatePeople, insertPeople, updateFollowCounters } from "./lib/seed-people";
import { BENCH_SESSION_SECRET, type BenchSession, createSessions } from "./lib/sessions";
import { percentile, random, sleep } from "./lib/stats";

const DURATION_S = Number(process.env.DURATION ?? 600);
const INSTANCES = Number(process.env.INSTANCES ?? 3);
const PEOPLE = Number(process.env.PEOPLE ?? 3000);
const SOCKETS = Number(process.env.SOCKETS ?? 2000);
const next = random(20261125);
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;

const cluster = await startCluster({
  instances: INSTANCES,
  env: {
    SESSION_SECRET: BENCH_SESSION_SECRET,
    LOG_LEVEL: "error",
    // Searches until a renamed person is found spend pages fast: the load, not the search budget,
    // is measured here (docs/search.md "Search budget").
    SEARCH_PAGES_PER_HOUR: "1000000,1000000",
    SEARCH_PAGES_PER_DAY: "1000000,1000000",
  },
});
const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 4 });
const rss = (instance: ChildServer) =>
  Number(execFileSync("ps", ["-o", "rss=", "-p", String(instance.process.pid)]).toString()) * 1024;

try {
  const people = generatePeople(PEOPLE, next);
  await insertPeople(pool, people, 1000, 2);
  await pool.query(
    `insert into followers (follower_id, following_id)
     select a.id, b.id from unnest($1::text[]) with ordinality as a(id, n)
     join unnest($1::text[]) with ordinality as b(id, m) on b.m % 97 = a.n % 97 and a.id <> b.id
     on conflict do nothing`,
    [people.ids],
  );
  await updateFollowCounters(pool);
  const sessions = await createSessions(pool, people.ids);
  const emailOf = new Map(people.ids.map((id, i) => [id, people.emails[i] as string]));
  const rssStart = cluster.instances.map(rss);
  console.log(
    `${INSTANCES} instances behind nginx at ${cluster.url}; ${PEOPLE} people seeded; RSS ${rssStart.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(", ")}`,
  );

  // Sockets through nginx, reconnecting a second after a close, as the web app does.
  const received: { user: string; message: ServerMessage }[] = [];
  const offline = new Map<string, { from: number; to: number }[]>();
  const sockets: WebSocket[] = [];
  let stopping = false;
  const connect = (session: BenchSession, index: number) =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(`${cluster.url.replace("http", "ws")}/realtime`, {
        headers: { cookie: session.cookie, "x-forwarded-for": `10.9.${index >> 8}.${index & 255}` },
      });
      sockets.push(socket);
      socket.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as ServerMessage;
        if (message.type === "ready") resolve();
        else received.push({ user: session.userId, message });
      });
      socket.on("close", () => {
        resolve();
        if (stopping) return;
        const gaps = offline.get(session.userId) ?? [];
        const gap = { from: Date.now(), to: Number.POSITIVE_INFINITY };
        gaps.push(gap);
        offline.set(session.userId, gaps);
        setTimeout(() => void connect(session, index).then(() => (gap.to = Date.now())), 1000);
      });
      socket.on("error", () => undefined);
    });
  const online = sessions.slice(0, SOCKETS);
  for (let i = 0; i < online.length; i += 100) {
    await Promise.all(online.slice(i, i + 100).map((s, j) => connect(s, i + j)));
  }
  const connected = new Set(online.map((s) => s.userId));
  const wasOnline = (user: string, at: number) =>
    connected.has(user) && !(offline.get(user) ?? []).some((g) => at >= g.from - 50 && at <= g.to);

  // Every request: its latency by operation, and any 5xx or failure.
  const latencies = new Map<string, number[]>();
  const statuses = new Map<string, Map<number, number>>();
  /** The first 4xx answer of each operation, to show why. */
  const refusals = new Map<string, string>();
  const failures: string[] = [];
  let retried = 0;
  // Each person from an address of their own (nginx appends its own; the app, behind a trusted
  // proxy, keys its per-IP budgets on the first), as people arrive from their own networks.
  const addressOf = new Map(sessions.map((s, i) => [s.userId, `10.8.${i >> 8}.${i & 255}`]));
  const ask = async (
    op: string,
    who: BenchSession,
    method: string,
    url: string,
    body?: unknown,
  ) => {
    const started = performance.now();
    try {
      const send = () =>
        fetch(`${cluster.url}${url}`, {
          method,
          headers: {
            cookie: who.cookie,
            "x-forwarded-for": addressOf.get(who.userId) as string,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      // A GET whose kept-alive connection closed under it is sent again, as browsers do with an
      // idempotent request; anything else that fails counts as a failure.
      const res = await send().catch((error: unknown) => {
        if (method !== "GET") throw error;
        retried++;
        return send();
      });
      const text = await res.text();
      const list = latencies.get(op) ?? [];
      list.push(performance.now() - started);
      latencies.set(op, list);
      const tally = statuses.get(op) ?? new Map<number, number>();
      tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
      statuses.set(op, tally);
      if (res.status >= 400 && res.status < 500 && !refusals.has(op)) {
        refusals.set(op, `${res.status} ${text.slice(0, 200)}`);
      }
      if (res.status >= 500) failures.push(`${op} ${res.status} ${text.slice(0, 120)}`);
      return { status: res.status, json: () => JSON.parse(text) };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failures.push(`${op} ${(error as Error).message}: ${cause?.code ?? cause?.message}`);
      return { status: 0, json: () => ({}) };
    }
  };

  const deadline = Date.now() + DURATION_S * 1000;
  const loop = (body: (i: number) => Promise<unknown>) =>
    (async () => {
      for (let i = 0; Date.now() < deadline; i++) await body(i);
    })();
  const posts: { id: string; content: string }[] = [];
  const likes = new Map<string, boolean>();
  const follows = new Map<string, boolean>();
  const expected: {
    user: string;
    match: (m: ServerMessage) => boolean;
    online: boolean;
    at: number;
  }[] = [];
  const messages: string[] = [];
  const lag = { search: [] as number[], feed: [] as number[] };
  /** After a write through nginx: asks each instance directly, as `who`, until `holds` is true of
   * the answer's items (5 s at most), and adds how long each took to `lags`. An instance down for
   * its restart is not asked (its caches and index load anew when it starts). */
  const timeOnEachInstance = async (
    lags: number[],
    who: BenchSession,
    url: string,
    holds: (items: { id?: string; userId?: string }[]) => boolean,
  ) => {
    const written = Date.now();
    for (const instance of cluster.instances) {
      let found: boolean | null = false;
      while (found === false && Date.now() - written < 5000) {
        found = await fetch(`${instance.url}${url}`, {
          headers: { cookie: who.cookie, "x-forwarded-for": addressOf.get(who.userId) as string },
        }).then(
          async (r) => holds(((await r.json()) as { items?: [] }).items ?? []),
          () => null,
        );
        if (found === false) await sleep(20);
      }
      if (found !== null) lags.push(Date.now() - written);
    }
  };
  // Disjoint people per writer, so one pair's toggles are answered in order.
  const writers = (w: number) => sessions.filter((_, i) => i % 16 === w);

  const work = [
    ...Array.from({ length: 12 }, () =>
      loop(async () => ask("home feed", pick(sessions), "GET", "/api/feed")),
    ),
    ...[0, 1].map((w) =>
      loop(async (i) => {
        const content = `cluster post ${w}.${i}`;
        const res = await ask("post", pick(writers(w)), "POST", "/api/posts", { content });
        if (res.status === 201) posts.push({ id: res.json().post.id, content });
        await sleep(100);
      }),
    ),
    ...[2, 3].map((w) =>
      loop(async () => {
        const post = posts.length > 0 ? pick(posts) : null;
        if (!post) return sleep(100);
        const who = pick(writers(w));
        const res = await ask("like", who, "POST", `/api/posts/${post.id}/like`);
        if (res.status === 200) likes.set(`${post.id} ${who.userId}`, res.json().liked);
      }),
    ),
    ...[4, 5].map((w) =>
      loop(async () => {
        const who = pick(writers(w));
        const target = pick(online);
        if (target.userId === who.userId) return;
        const res = await ask("follow", who, "POST", "/api/follows/toggle", {
          targetUserId: target.userId,
        });
        if (res.status !== 200) return;
        const following = res.json().following as boolean;
        follows.set(`${who.userId} ${target.userId}`, following);
        expected.push({
          user: target.userId,
          online: wasOnline(target.userId, Date.now()),
          at: Date.now(),
          match: (m) =>
            m.type === "follow.changed" &&
            m.followerId === who.userId &&
            m.followingId === target.userId &&
            m.following === following,
        });
      }),
    ),
    loop(async (i) => {
      const [who, to] = [pick(writers(6)), pick(online)];
      if (who.userId === to.userId) return;
      const opened = await ask("open thread", who, "POST", "/api/mail/threads/direct", {
        userId: to.userId,
      });
      if (opened.status !== 200) return;
      const threadId = opened.json().thread.id as string;
      const body = `cluster message ${i}`;
      const sent = await ask("message", who, "POST", `/api/mail/threads/${threadId}/messages`, {
        body,
      });
      if (sent.status !== 201) return;
      messages.push(sent.json().message.id);
      expected.push({
        user: to.userId,
        online: wasOnline(to.userId, Date.now()),
        at: Date.now(),
        match: (m) => m.type === "mail.message" && m.message.body === body,
      });
      await sleep(200);
    }),
    ...[0, 1].map(() =>
      loop(async () =>
        ask(
          "header search",
          pick(sessions),
          "GET",
          `/api/search/people?q=${pick(people.names).slice(0, 3)}`,
        ),
      ),
    ),
    loop(async () =>
      ask(
        "advanced search",
        pick(sessions),
        "GET",
        `/api/search/profiles?q=${pick(people.names).slice(0, 4)}`,
      ),
    ),
    // A post through nginx, then a follower's home feed on each instance directly until it holds
    // the post: every instance's feed cache agrees with the database. The follower shares the
    // author's seeded follow class and toggles no follow, so the follow stands.
    loop(async (i) => {
      const author = pick(writers(8));
      const index = sessions.indexOf(author);
      const follower = sessions.find(
        (_s, j) => j !== index && j % 97 === index % 97 && ![4, 5].includes(j % 16),
      );
      if (!follower) return;
      const res = await ask("post", author, "POST", "/api/posts", { content: `feed check ${i}` });
      if (res.status !== 201) return;
      const postId = res.json().post.id as string;
      posts.push({ id: postId, content: `feed check ${i}` });
      await timeOnEachInstance(lag.feed, follower, "/api/feed", (items) =>
        items.some((item) => item.id === postId),
      );
      await sleep(1000);
    }),
    // A rename through nginx, then a search on each instance directly until it finds the name.
    loop(async (i) => {
      const who = pick(writers(7));
      // A name of at most 20 characters (spec-1 §4), its token found by nobody else's.
      const token = `Zq${i.toString(36)}x${Math.floor(next() * 36 ** 3).toString(36)}`;
      const res = await ask("profile edit", who, "PUT", `/api/profiles/${who.userId}`, {
        fullName: `Edited ${token}`,
        emailAddress: emailOf.get(who.userId),
        details: {},
      });
      if (res.status !== 200) return;
      // Someone else looks (nobody finds themselves: docs/search.md "Who can be found").
      const looker = pick(sessions.filter((s) => s.userId !== who.userId).slice(0, 50));
      await timeOnEachInstance(lag.search, looker, `/api/search/profiles?q=${token}`, (items) =>
        items.some((item) => item.userId === who.userId),
      );
      await sleep(1000);
    }),
  ];

  // Each instance's RSS once a minute (the restarted one's new process from its restart on).
  const rssByMinute: (number | null)[][] = [];
  const rssSampler = loop(async () => {
    rssByMinute.push(
      cluster.instances.map((instance) => {
        try {
          return rss(instance);
        } catch {
          return null;
        }
      }),
    );
    await sleep(Math.min(60_000, Math.max(0, deadline - Date.now())));
  });
  // Halfway, one instance restarts; the lifecycle's runs are sampled meanwhile.
  const runs = new Set<string>();
  const sampler = loop(async () => {
    const { rows } = await pool.query<{ at: string }>(
      "select last_run_at::text as at from job_runs where name = 'usernames'",
    );
    if (rows[0]) runs.add(rows[0].at);
    await sleep(5000);
  });
  await sleep((DURATION_S * 1000) / 2);
  const restartStarted = Date.now();
  await cluster.restart(1);
  console.log(`instance 2 restarted in ${Date.now() - restartStarted} ms`);
  await Promise.all([...work, sampler, rssSampler]);
  await sleep(3000);
  stopping = true;

  // Acknowledged writes against the database.
  const stored = await pool.query<{ n: number }>(
    "select count(*)::int as n from posts where id = any($1)",
    [posts.map((p) => p.id)],
  );
  const likeRows = await pool.query<{ k: string }>(
    "select post_id || ' ' || user_id as k from post_likes where post_id = any($1)",
    [posts.map((p) => p.id)],
  );
  const liked = new Set(likeRows.rows.map((r) => r.k));
  const likesOff = [...likes].filter(([key, on]) => liked.has(key) !== on).length;
  const followRows = await pool.query<{ k: string }>(
    "select follower_id || ' ' || following_id as k from followers",
  );
  const followed = new Set(followRows.rows.map((r) => r.k));
  const followsOff = [...follows].filter(([key, on]) => followed.has(key) !== on).length;
  const storedMessages = await pool.query<{ n: number }>(
    "select count(*)::int as n from chat_messages where id = any($1)",
    [messages],
  );
  const delivered = expected.filter((e) =>
    received.some((r) => r.user === e.user && e.match(r.message)),
  );
  const whileOnline = expected.filter((e) => e.online);
  const deliveredOnline = delivered.filter((e) => e.online);
  // An event missed by a socket counted as connected: how long after it was sent that socket
  // saw its close, if it did (a socket an instance closes on its restart misses what came
  // between the close frame leaving and the client seeing it).
  const missed = whileOnline
    .filter((e) => !delivered.includes(e))
    .map((e) => {
      const close = (offline.get(e.user) ?? []).find((g) => g.from >= e.at);
      return close ? `closed ${close.from - e.at} ms after the event was sent` : "no close after";
    });
  const rssEnd = cluster.instances.map(rss);

  console.log("\n| operation | requests | per second | p50 | p99 | answers |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const [op, list] of latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `| ${op} | ${list.length.toLocaleString("en-US")} | ${(list.length / DURATION_S).toFixed(1)} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 99).toFixed(0)} ms | ${[...(statuses.get(op) ?? [])].map(([status, n]) => `${status}×${n}`).join(" ")} |`,
    );
  }
  for (const [op, answer] of refusals) console.log(`first refusal of ${op}: ${answer}`);
  const p = (list: number[], q: number) =>
    percentile(
      [...list].sort((a, b) => a - b),
      q,
    );
  console.log(`
5xx or failed requests: ${failures.length} (GETs sent again after a closed connection: ${retried})${failures.length ? `\n  ${failures.slice(0, 10).join("\n  ")}` : ""}
posts acknowledged ${posts.length}, stored ${stored.rows[0]?.n}; messages acknowledged ${messages.length}, stored ${storedMessages.rows[0]?.n}
likes in the state last answered: ${likes.size - likesOff} of ${likes.size}; follows: ${follows.size - followsOff} of ${follows.size}
realtime: ${deliveredOnline.length} of ${whileOnline.length} events delivered to sockets that were connected${missed.length ? ` (missed: ${missed.join("; ")})` : ""}; ${delivered.length - deliveredOnline.length} of ${expected.length - whileOnline.length} sent during a reconnect
search on every instance after a rename through another: p50 ${p(lag.search, 50)} ms, p99 ${p(lag.search, 99)} ms, max ${Math.max(...lag.search)} ms (${lag.search.length} looks)
home feed on every instance after a post through another: p50 ${p(lag.feed, 50)} ms, p99 ${p(lag.feed, 99)} ms, max ${Math.max(...lag.feed)} ms (${lag.feed.length} looks)
username lifecycle runs seen: ${runs.size} in ${(DURATION_S / 60).toFixed(1)} minutes (sampled every 5 s)
RSS start ${rssStart.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(", ")}; end ${rssEnd.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(", ")} (instance 2 restarted)`);
  console.log(`\nRSS by minute (MB), instance ${INSTANCES > 1 ? "2 restarted halfway" : "1"}:`);
  console.log(`| minute | ${cluster.instances.map((_, i) => `instance ${i + 1}`).join(" | ")} |`);
  console.log(`| --- | ${cluster.instances.map(() => "---").join(" | ")} |`);
  for (const [minute, row] of rssByMinute.entries()) {
    const cells = row.map((b) => (b === null ? "down" : (b / 2 ** 20).toFixed(0)));
    console.log(`| ${minute} | ${cells.join(" | ")} |`);
  }
  for (const socket of sockets) socket.terminate();
} finally {
  await pool.end();
  await cluster.stop();
}
