// Many instances, one product, under load and faults (docs/operations.md "Behind a load balancer";
// docs/performance.md "Cluster"): bench/lib/cluster.ts's INSTANCES instances behind nginx (the
// shipped deploy/nginx/chtcht.conf over TLS with a self-signed certificate; TLS=0 for plain HTTP),
// PEOPLE seeded people with sessions, SOCKETS of them on /realtime through nginx (each keeps its
// epoch and last seq and reconnects with them, as the web app does), and for DURATION seconds at
// once: feed readers, posters, likers, followers, messages, header and advanced searches and
// profile edits, all through nginx. With FAULTS=1 (the default; PostgreSQL and Redis are then the
// cluster's own): at 25% one instance is killed (SIGKILL; started again 3 s later), at 50% Redis
// is killed and started again empty 3 s later, at 62% another instance is restarted gracefully
// (SIGTERM, it drains), at 75% PostgreSQL is stopped and started again 3 s later. FAULTS=0: only
// the graceful restart, halfway, on the machine's PostgreSQL and Redis. Then it checks:
//   - no 5xx but 503 with Retry-After, and no failed request: a 503 with Retry-After is sent
//     again after that many seconds, as a client would (counted), a write with the
//     Idempotency-Key of its first try;
//   - no acknowledged write lost: every post and message answered 201 is in the database, every
//     like and follow is in the state its last answer said;
//   - realtime: every follow and message event reached its recipient's socket, connected or
//     reconnecting, once; an event not received whose recipient was told to refetch within 15 s
//     after it was sent counts as refetched (the client reads its screens again), any other as
//     missed;
//   - catching up: a profile renamed through nginx is found by a search on each instance directly,
//     and a post made through nginx is in a follower's home feed read on each instance directly
//     (how long each took, measured);
//   - the username lifecycle ran about once a minute across the cluster (job_runs);
//   - each instance's RSS at the start, then once a minute to the end.
//   node --import tsx bench/cluster-load.ts
//     options: DURATION=600 INSTANCES=3 PEOPLE=3000 SOCKETS=2000 FAULTS=1 TLS=1
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import WebSocket from "ws";
import type { SequencedMessage } from "../src/domain/realtime-events";
import { EVENT_STREAM } from "../src/server/realtime/bus";
import { compareSequences } from "../src/server/realtime/sequence";
import type { ChildServer } from "../src/server/test-support/child-server";
import { startCluster } from "./lib/cluster";
import { generatePeople, insertPeople, updateFollowCounters } from "./lib/seed-people";
import { BENCH_SESSION_SECRET, type BenchSession, createSessions } from "./lib/sessions";
import { percentile, random, sleep } from "./lib/stats";

const DURATION_S = Number(process.env.DURATION ?? 600);
const INSTANCES = Number(process.env.INSTANCES ?? 3);
const PEOPLE = Number(process.env.PEOPLE ?? 3000);
const SOCKETS = Number(process.env.SOCKETS ?? 2000);
const FAULTS = process.env.FAULTS !== "0";
const TLS = process.env.TLS !== "0";
/** An event not received counts as refetched when a refetch came within this after it. */
const REFETCH_WINDOW_MS = 15_000;
/** How long each fault keeps its service down. */
const DOWN_MS = 3000;
const next = random(20261125);
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;

const cluster = await startCluster({
  instances: INSTANCES,
  tls: TLS,
  ownServices: FAULTS,
  env: {
    SESSION_SECRET: BENCH_SESSION_SECRET,
    LOG_LEVEL: "error",
    // Searches until a renamed person is found spend pages fast: the load, not the search budget,
    // is measured here (docs/search.md "Search budget").
    SEARCH_PAGES_PER_HOUR: "1000000,1000000",
    SEARCH_PAGES_PER_DAY: "1000000,1000000",
    // Its writers are accounts a moment old; the new-account budgets would refuse their load.
    NEW_ACCOUNT_DAYS: "0",
  },
});
const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 4 });
// PostgreSQL's restart ends the pool's idle connections: the pool drops them and opens new ones.
pool.on("error", () => undefined);
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
  const sessions = await createSessions(pool, people.ids, BENCH_SESSION_SECRET, TLS);
  const emailOf = new Map(people.ids.map((id, i) => [id, people.emails[i] as string]));
  const rssStart = cluster.instances.map(rss);
  console.log(
    `${INSTANCES} instances behind nginx at ${cluster.url}${FAULTS ? " (own PostgreSQL and Redis, faults on)" : ""}; ${PEOPLE} people seeded; RSS ${rssStart.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(", ")}`,
  );

  /** When the load began (set again when it does, after the sockets are connected). */
  let began = Date.now();
  const sinceStart = (at: number) => `${((at - began) / 1000).toFixed(1)} s`;
  // Every request and upgrade: its latency by operation, and any 5xx or failure.
  const latencies = new Map<string, number[]>();
  const statuses = new Map<string, Map<number, number>>();
  const tallyStatus = (op: string, status: number) => {
    const tally = statuses.get(op) ?? new Map<number, number>();
    tally.set(status, (tally.get(status) ?? 0) + 1);
    statuses.set(op, tally);
  };
  /** The first 4xx answer of each operation, to show why. */
  const refusals = new Map<string, string>();
  const failures: { what: string; at: number }[] = [];
  /** Each 503 with Retry-After (sent again after it), when it came. */
  const unavailable: number[] = [];

  // Sockets through nginx, each keeping its epoch and last seq and reconnecting with them after a
  // close, with backoff (1 s doubling to 8 s, plus up to 1 s of jitter), as the web app does
  // (docs/social-and-realtime.md "Resuming"; the app's own backoff goes to 30 s).
  const received: { user: string; message: SequencedMessage }[] = [];
  const seen = new Map<string, Set<string>>();
  let duplicates = 0;
  const refetches: { user: string; reason: string; at: number }[] = [];
  /** Open sockets told that their instance's history was lost. */
  const resets: { user: string; at: number }[] = [];
  /** Each resume: when its `ready` came, the position it asked from and the one `ready` gave. */
  const resumes = new Map<string, { at: number; after: string; ready: string; same: boolean }[]>();
  const offline = new Map<string, { from: number; to: number }[]>();
  const sockets = new Map<string, WebSocket>();
  let stopping = false;
  const wsBase = `${cluster.url.replace(/^http/, "ws")}/realtime`;
  const connect = (session: BenchSession, index: number) => {
    const state = { epoch: "", seq: "", failures: 0 };
    const open = () =>
      new Promise<void>((resolve) => {
        const url = new URL(wsBase);
        const resuming = state.epoch !== "";
        if (resuming) {
          url.searchParams.set("epoch", state.epoch);
          url.searchParams.set("after", state.seq);
        }
        const started = performance.now();
        const socket = new WebSocket(url, {
          ...(cluster.ca ? { ca: cluster.ca } : {}),
          headers: {
            cookie: session.cookie,
            "x-forwarded-for": `10.9.${index >> 8}.${index & 255}`,
          },
        });
        sockets.set(session.userId, socket);
        let readySeq = "";
        let opened = false;
        socket.on("upgrade", () => tallyStatus("realtime upgrade", 101));
        socket.on("unexpected-response", (_request, response) => {
          const status = response.statusCode ?? 0;
          tallyStatus("realtime upgrade", status);
          if (status === 503 && response.headers["retry-after"]) unavailable.push(Date.now());
          else if (status >= 500)
            failures.push({ what: `realtime upgrade ${status}`, at: Date.now() });
          socket.terminate();
        });
        socket.on("message", (raw) => {
          const message = JSON.parse(String(raw)) as SequencedMessage;
          if (message.type === "ready" && opened) {
            // A second `ready` on an open socket: the instance's bus lost its history (a Redis
            // restarted empty); a `refetch` follows (docs/social-and-realtime.md "History lost").
            state.epoch = message.epoch;
            readySeq = message.seq;
            resets.push({ user: session.userId, at: Date.now() });
          } else if (message.type === "ready") {
            opened = true;
            state.failures = 0;
            const list = latencies.get("realtime upgrade") ?? [];
            list.push(performance.now() - started);
            latencies.set("realtime upgrade", list);
            readySeq = message.seq;
            if (resuming) {
              const list = resumes.get(session.userId) ?? [];
              list.push({
                at: Date.now(),
                after: state.seq,
                ready: message.seq,
                same: message.epoch === state.epoch,
              });
              resumes.set(session.userId, list);
            }
            state.epoch = message.epoch;
            const gap = offline.get(session.userId)?.at(-1);
            if (gap && gap.to === Number.POSITIVE_INFINITY) gap.to = Date.now();
            if (!resuming) state.seq = message.seq;
            resolve();
          } else if (message.type === "refetch") {
            refetches.push({ user: session.userId, reason: message.reason, at: Date.now() });
            state.seq = readySeq;
          } else if (message.seq !== undefined) {
            const mine = seen.get(session.userId) ?? new Set<string>();
            const key = `${message.seq} ${message.type}`;
            if (mine.has(key)) duplicates++;
            mine.add(key);
            seen.set(session.userId, mine);
            if (compareSequences(message.seq, state.seq) > 0) state.seq = message.seq;
            received.push({ user: session.userId, message });
          }
        });
        socket.on("close", () => {
          resolve();
          if (stopping) return;
          const gaps = offline.get(session.userId) ?? [];
          const last = gaps.at(-1);
          // One gap from the first close to the next `ready`, however many attempts it takes.
          const gap =
            last && last.to === Number.POSITIVE_INFINITY
              ? last
              : { from: Date.now(), to: Number.POSITIVE_INFINITY };
          if (gap !== last) gaps.push(gap);
          offline.set(session.userId, gaps);
          const backoff = Math.min(8000, 1000 * 2 ** state.failures) + Math.random() * 1000;
          state.failures++;
          setTimeout(() => void open(), backoff);
        });
        socket.on("error", () => undefined);
      });
    return open();
  };
  const online = sessions.slice(0, SOCKETS);
  for (let i = 0; i < online.length; i += 100) {
    await Promise.all(online.slice(i, i + 100).map((s, j) => connect(s, i + j)));
  }

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
    // One key per write, sent with each try of it, as the web app does (docs/outbox.md "Answered
    // once"): a write sent again after its answer was lost is done once.
    const once = method === "GET" ? {} : { "idempotency-key": randomUUID() };
    try {
      for (let attempt = 1; ; attempt++) {
        const started = performance.now();
        const send = () =>
          cluster.fetch(`${cluster.url}${url}`, {
            method,
            headers: {
              cookie: who.cookie,
              "x-forwarded-for": addressOf.get(who.userId) as string,
              ...once,
              ...(body === undefined ? {} : { "content-type": "application/json" }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        // A request whose kept-alive connection closed under it is sent again once, as browsers
        // do: a GET as it is, a write with its key; anything else that fails counts as a failure.
        const res = await send().catch(() => {
          retried++;
          return send();
        });
        const text = await res.text();
        const list = latencies.get(op) ?? [];
        list.push(performance.now() - started);
        latencies.set(op, list);
        tallyStatus(op, res.status);
        if (res.status >= 400 && res.status < 500 && !refusals.has(op)) {
          refusals.set(op, `${res.status} ${text.slice(0, 200)}`);
        }
        const retryAfter = Number(res.headers.get("retry-after"));
        // Unavailable for a moment: sent again after Retry-After, as a client would, five times
        // at most.
        if (res.status === 503 && retryAfter > 0) {
          unavailable.push(Date.now());
          if (attempt < 6) {
            await sleep(retryAfter * 1000);
            continue;
          }
        }
        if (res.status >= 500) {
          failures.push({
            what: `${op} ${method} ${res.status} ${text.slice(0, 120).replace(/\s+/g, " ")}`,
            at: Date.now(),
          });
        }
        return { status: res.status, json: () => JSON.parse(text) };
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failures.push({
        what: `${op} ${method} ${(error as Error).message}: ${cause?.code ?? cause?.message}`,
        at: Date.now(),
      });
      return { status: 0, json: () => ({}) };
    }
  };

  began = Date.now();
  const deadline = began + DURATION_S * 1000;
  const loop = (body: (i: number) => Promise<unknown>) =>
    (async () => {
      for (let i = 0; Date.now() < deadline; i++) await body(i);
    })();
  const posts: { id: string; content: string }[] = [];
  const likes = new Map<string, boolean>();
  const follows = new Map<string, boolean>();
  const expected: {
    user: string;
    kind: string;
    match: (m: SequencedMessage) => boolean;
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
          kind: "follow",
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
        kind: "message",
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
    const { rows } = await pool
      .query<{ at: string }>(
        "select last_run_at::text as at from job_runs where name = 'usernames'",
      )
      .catch(() => ({ rows: [] }));
    if (rows[0]) runs.add(rows[0].at);
    await sleep(5000);
  });
  // The faults, each at its share of the run (with FAULTS=0, only the graceful restart, halfway).
  const faultLog: { name: string; at: number; ms: number }[] = [];
  const at = async (share: number, name: string, fault: () => Promise<void>) => {
    await sleep(Math.max(0, began + DURATION_S * 1000 * share - Date.now()));
    const started = Date.now();
    await fault();
    faultLog.push({ name, at: started, ms: Date.now() - started });
    console.log(`${sinceStart(started)}: ${name} (${Date.now() - started} ms)`);
  };
  const faults = FAULTS
    ? (async () => {
        await at(0.25, "instance 1 killed (SIGKILL), started again 3 s later", () =>
          cluster.kill(0, DOWN_MS),
        );
        await at(0.5, "Redis killed, started again empty 3 s later", () =>
          cluster.restartRedis(DOWN_MS),
        );
        await at(0.62, "instance 2 restarted (SIGTERM, drained)", () => cluster.restart(1));
        await at(0.75, "PostgreSQL stopped (fast), started again 3 s later", () =>
          cluster.restartPostgres(DOWN_MS),
        );
      })()
    : at(0.5, "instance 2 restarted (SIGTERM, drained)", () => cluster.restart(1));
  await Promise.all([...work, sampler, rssSampler, faults]);
  // Events of writes made while Redis was away are sent by the outbox once it answers, with its
  // backoff (docs/operations.md "Redis"): up to a minute for the last ones to arrive.
  const deliveredTo = (e: (typeof expected)[number]) =>
    received.some((r) => r.user === e.user && e.match(r.message));
  /** Told to refetch soon after the event was sent (as a reconnection or a reset tells it): its
   * client reads its screens again. A refetch long after does not excuse an event. */
  const refetchedAfter = (e: (typeof expected)[number]) =>
    refetches.some((r) => r.user === e.user && r.at >= e.at && r.at <= e.at + REFETCH_WINDOW_MS);
  const waitUntil = Date.now() + 60_000;
  while (Date.now() < waitUntil && !expected.every(deliveredTo)) await sleep(500);
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
  // An event not received: when it was sent, and whether its recipient's socket was open then.
  const notReceived = expected.filter((e) => !deliveredTo(e));
  const refetched = notReceived.filter(refetchedAfter).length;
  const missed = notReceived
    .filter((e) => !refetchedAfter(e))
    .map((e) => {
      const gap = (offline.get(e.user) ?? []).find((g) => e.at >= g.from - 50 && e.at <= g.to);
      return `${e.kind} sent at ${sinceStart(e.at)}, ${gap ? `socket away ${sinceStart(gap.from)} to ${sinceStart(gap.to)}` : "socket open"}`;
    });
  // Why each event was missed: its place in the stream, its recipient's resumes and refetches.
  const whyMissed: string[] = [];
  if (missed.length > 0) {
    const redis = new Redis(cluster.redisUrl);
    const entries = (await redis.xrange(EVENT_STREAM, "-", "+")) as [string, string[]][];
    redis.disconnect();
    for (const e of notReceived.filter((x) => !refetchedAfter(x))) {
      const entry = entries.find(([, fields]) =>
        e.match(JSON.parse(fields[1] as string) as SequencedMessage),
      );
      const tried = (resumes.get(e.user) ?? [])
        .map(
          (r) =>
            `at ${sinceStart(r.at)} after ${r.after} (${r.same ? "same" : "other"} epoch), ready ${r.ready}`,
        )
        .join("; ");
      // A refetch outside the window does not excuse the event, but shows a backlog that could
      // not be given in time.
      const told = refetches
        .filter((r) => r.user === e.user)
        .map((r) => `${r.reason} at ${sinceStart(r.at)}`)
        .join(", ");
      whyMissed.push(
        `${e.kind} sent at ${sinceStart(e.at)}: ${entry ? `seq ${entry[0]}` : "not in the stream"}; resumes: ${tried || "none"}; refetches: ${told || "none"}`,
      );
    }
  }
  const reconnects = [...offline.values()].reduce((n, gaps) => n + gaps.length, 0);
  const stillAway = [...offline.values()].filter((gaps) =>
    gaps.some((g) => g.to === Number.POSITIVE_INFINITY),
  ).length;
  /** Which fault a moment follows (within 30 s of its start), for the 503s and failures. */
  const faultOf = (when: number) =>
    faultLog.findLast((f) => when >= f.at && when <= f.at + f.ms + 30_000)?.name ?? "no fault";
  const countByFault = (moments: number[]) => {
    const counts = new Map<string, number>();
    for (const when of moments) counts.set(faultOf(when), (counts.get(faultOf(when)) ?? 0) + 1);
    return [...counts].map(([name, n]) => `\n  ${n} after: ${name}`).join("");
  };
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
faults: ${faultLog.map((f) => `${sinceStart(f.at)} ${f.name} (${f.ms} ms)`).join("; ")}
5xx other than 503 with Retry-After, or failed requests: ${failures.length} (sent again after a closed connection: ${retried})${countByFault(failures.map((f) => f.at))}${failures
    .slice(0, 20)
    .map((f) => `\n  at ${sinceStart(f.at)}: ${f.what}`)
    .join("")}
503 with Retry-After, each sent again after it: ${unavailable.length}${countByFault(unavailable)}
posts acknowledged ${posts.length}, stored ${stored.rows[0]?.n}; messages acknowledged ${messages.length}, stored ${storedMessages.rows[0]?.n}
likes in the state last answered: ${likes.size - likesOff} of ${likes.size}; follows: ${follows.size - followsOff} of ${follows.size}
realtime: ${expected.length - notReceived.length} of ${expected.length} events received by their connected or reconnecting recipients; ${refetched} told to refetch after; missed ${missed.length}${missed.length ? ` (${missed.slice(0, 10).join("; ")})` : ""}; refetches ${refetches.length}${
    refetches.length
      ? ` (${refetches
          .slice(0, 10)
          .map((r) => `${r.reason} at ${sinceStart(r.at)}`)
          .join(", ")})`
      : ""
  }; open sockets told their instance's history was lost ${resets.length}; received twice ${duplicates}; ${reconnects} reconnections, ${stillAway} sockets away at the end
search on every instance after a rename through another: p50 ${p(lag.search, 50)} ms, p99 ${p(lag.search, 99)} ms, max ${Math.max(...lag.search)} ms (${lag.search.length} looks)
home feed on every instance after a post through another: p50 ${p(lag.feed, 50)} ms, p99 ${p(lag.feed, 99)} ms, max ${Math.max(...lag.feed)} ms (${lag.feed.length} looks)
${whyMissed.map((line) => `  missed ${line}\n`).join("")}username lifecycle runs seen: ${runs.size} in ${(DURATION_S / 60).toFixed(1)} minutes (sampled every 5 s)
RSS start ${rssStart.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(", ")}; end ${rssEnd.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(", ")} (${FAULTS ? "instances 1 and 2 restarted" : "instance 2 restarted"})`);
  // What the instances logged at error level (LOG_LEVEL=error), by message.
  const logged = new Map<string, number>();
  for (const line of cluster.output().flatMap((text) => text.split("\n"))) {
    if (!line.trim()) continue;
    let message = line.slice(0, 160);
    try {
      const entry = JSON.parse(line) as {
        msg?: string;
        event?: string;
        err?: { message?: string };
      };
      message = [entry.msg, entry.event, entry.err?.message?.slice(0, 100)]
        .filter(Boolean)
        .join(": ");
    } catch {}
    logged.set(message, (logged.get(message) ?? 0) + 1);
  }
  console.log(`\ninstances' error log (${[...logged.values()].reduce((a, b) => a + b, 0)} lines):`);
  for (const [message, n] of [...logged].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${n}× ${message}`);
  }
  console.log("\nRSS by minute (MB):");
  console.log(`| minute | ${cluster.instances.map((_, i) => `instance ${i + 1}`).join(" | ")} |`);
  console.log(`| --- | ${cluster.instances.map(() => "---").join(" | ")} |`);
  for (const [minute, row] of rssByMinute.entries()) {
    const cells = row.map((b) => (b === null ? "down" : (b / 2 ** 20).toFixed(0)));
    console.log(`| ${minute} | ${cells.join(" | ")} |`);
  }
  for (const socket of sockets.values()) socket.terminate();
} finally {
  await pool.end();
  await cluster.stop();
}
