// Two app instances on one primary and one streaming replica (docs/operations.md "Read replicas";
// docs/performance.md "Read replicas"): the replica is made of the local PostgreSQL as an operator
// makes one (test-support/replica.ts: pg_basebackup -R -X stream, started on a free port), each
// instance is the compiled app with DATABASE_READ_URLS naming it. For SECONDS, WRITERS people each
// post on one instance and at once open the new post's page on the other, carrying the answer's
// read_after_lsn cookie as a browser does: a 404 there is a stale read. Beside them READERS people
// read others' profiles and post pages on either instance (reads a replica may serve). Reported:
// each kind's answers and latency, the stale reads, and how many reads the replica served on each
// instance (chtcht_db_replica_reads). Targets: 0 stale reads for the writer, no errors, and most
// of the others' reads served by the replica.
//   node --import tsx bench/replica-reads.ts
//   options: SECONDS=20 WRITERS=10 READERS=30 PEOPLE=2000 REPLICA_DELAY_MS=200; FORGET_COOKIE=1
//   (the control run)
// The base backup copies every database of the server: run it with the big bench databases
// dropped (`node --import tsx bench/seed-feed.ts --drop`), or it copies them too.
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { startReplica } from "../src/server/test-support/replica";
import { BENCH_METRICS_TOKEN } from "./lib/app-ipc";
import { type RunningApp, startApp } from "./lib/app-process";
import {
  DEFAULT_SERVER_URL,
  databaseOf,
  freshBenchDatabase,
  insertPlainPeople,
} from "./lib/bench-db";
import { recordRow } from "./lib/results";
import { type BenchSession, createSessions, deleteBenchSessions } from "./lib/sessions";
import { formatSummary, sleep, summarize } from "./lib/stats";

const SECONDS = Number(process.env.SECONDS ?? 20);
const WRITERS = Number(process.env.WRITERS ?? 10);
const READERS = Number(process.env.READERS ?? 30);
const PEOPLE = Number(process.env.PEOPLE ?? 2000);
const SERVED_SHARE_TARGET = 0.5;
const REPLICA_DELAY_MS = Number(process.env.REPLICA_DELAY_MS ?? 200);
// The control run: the writer's read leaves the read_after_lsn cookie behind, as another device
// would, so a replica behind its write may answer it (the stale reads it shows are what the
// cookie prevents). Its rows are not recorded.
const FORGET_COOKIE = process.env.FORGET_COOKIE === "1";

const { url, pool } = await freshBenchDatabase("bench_replica", "BENCH_REPLICA_DATABASE_URL");
const name = databaseOf(url);
const ids = Array.from({ length: PEOPLE }, (_, i) => `replica-bench-${i}`);
const handles = await insertPlainPeople(pool, { ids, handlePrefix: "rb", name: "Replica" });
const began = performance.now();
const replica = await startReplica(DEFAULT_SERVER_URL);
await replica.waitFor(name);
// A replica a moment behind, as a loaded one is: it applies each commit REPLICA_DELAY_MS after the
// primary made it (within the instances' 2 s bound, so it keeps serving).
await replica.query(`alter system set recovery_min_apply_delay = '${REPLICA_DELAY_MS}ms'`);
await replica.query("select pg_reload_conf()");
console.log(
  `replica of the server ready in ${((performance.now() - began) / 1000).toFixed(1)} s (base backup ${(replica.timings.backupMs / 1000).toFixed(1)} s); load average ${loadavg()[0]?.toFixed(1)}`,
);

const apps: RunningApp[] = [];
try {
  for (let i = 0; i < 2; i++) {
    apps.push(await startApp({ databaseUrl: url, readUrls: [replica.urlOf(name)], poolSize: 10 }));
  }
  const sessions = await createSessions(pool, ids.slice(0, WRITERS + READERS));
  const writers = sessions.slice(0, WRITERS);
  const readers = sessions.slice(WRITERS);
  // Some posts for the readers' pages, written before the clock.
  const pages = (
    await Promise.all(writers.map((w, i) => post(w, apps[i % 2] as RunningApp, "before the clock")))
  ).filter((made) => made !== null);
  await sleep(1000);
  const servedBefore = await Promise.all(apps.map(replicaServed));

  const writes: number[] = [];
  const ownReads: number[] = [];
  const otherReads: number[] = [];
  let stale = 0;
  let errors = 0;
  const firstError: string[] = [];
  const end = performance.now() + SECONDS * 1000;
  const writer = async (who: BenchSession, k: number) => {
    const jar = new Map<string, string>();
    for (let n = 0; performance.now() < end; n++) {
      const [on, other] = (n + k) % 2 === 0 ? [apps[0], apps[1]] : [apps[1], apps[0]];
      const started = performance.now();
      const made = await post(who, on as RunningApp, `write ${n}`, jar);
      writes.push(performance.now() - started);
      if (!made) continue;
      const read = performance.now();
      const res = await ask(
        other as RunningApp,
        who,
        `/api/posts/by-path${made.path}`,
        FORGET_COOKIE ? new Map() : jar,
      );
      ownReads.push(performance.now() - read);
      await res.arrayBuffer();
      if (res.status === 404) stale++;
      else if (res.status !== 200) note(`own read ${res.status}`);
    }
  };
  const reader = async (who: BenchSession, k: number) => {
    for (let n = 0; performance.now() < end; n++) {
      const on = apps[(n + k) % 2] as RunningApp;
      const i = (n * 7 + k) % pages.length;
      const path =
        n % 2 === 0
          ? `/api/profiles/${handles[i]}`
          : `/api/posts/by-path${(pages[i] as { path: string }).path}`;
      const started = performance.now();
      const res = await ask(on, who, path);
      otherReads.push(performance.now() - started);
      if (res.status !== 200) note(`read ${path} ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all([...writers.map(writer), ...readers.map(reader)]);
  const served = (await Promise.all(apps.map(replicaServed))).map(
    (n, i) => n - (servedBefore[i] as number),
  );

  const own = summarize(ownReads);
  const others = summarize(otherReads);
  const written = summarize(writes);
  const totalServed = served.reduce((a, b) => a + b, 0);
  const reads = ownReads.length + otherReads.length;
  console.log(
    `\n2 instances, 1 primary, 1 replica ${REPLICA_DELAY_MS} ms behind; ${WRITERS} writers, ${READERS} readers, ${SECONDS} s`,
  );
  console.log(`posts          ${formatSummary(written)}`);
  console.log(`own reads      ${formatSummary(own)}; stale ${stale}`);
  console.log(`others' reads  ${formatSummary(others)}`);
  console.log(
    `replica served ${totalServed} reads (${served.join(" + ")} by instance) of ${reads}; errors ${errors}${firstError.length > 0 ? ` (first: ${firstError[0]})` : ""}`,
  );
  if (!FORGET_COOKIE) {
    recordRow({
      bench: "replica reads",
      load: `a writer's own posts read on the other instance at once, ${WRITERS} writers (${ownReads.length} reads, ${stale} stale)`,
      requestsPerSec: ownReads.length / SECONDS,
      p50Ms: own.p50,
      p99Ms: own.p99,
      maxMs: own.max,
      errors: errors + stale,
      target: { text: "0 stale reads, no errors", met: stale === 0 && errors === 0 },
    });
    recordRow({
      bench: "replica reads",
      load: `others' profile and post pages read on either instance, ${READERS} readers (${totalServed} of ${reads} reads served by the replica)`,
      requestsPerSec: otherReads.length / SECONDS,
      p50Ms: others.p50,
      p99Ms: others.p99,
      maxMs: others.max,
      errors,
      target: {
        text: `≥ ${SERVED_SHARE_TARGET * 100}% of the reads on the replica, no errors`,
        met: totalServed >= reads * SERVED_SHARE_TARGET && errors === 0,
      },
    });
  }

  function note(what: string) {
    errors++;
    if (firstError.length === 0) firstError.push(what);
  }
} finally {
  await Promise.all(apps.map((app) => app.stop()));
  await deleteBenchSessions(pool);
  await pool.end();
  await replica.close();
}

/** Posts as `who` on `app`; the new post's id, or null when it was refused. */
async function post(
  who: BenchSession,
  app: RunningApp,
  text: string,
  jar = new Map<string, string>(),
): Promise<{ path: string } | null> {
  const res = await ask(app, who, "/api/posts", jar, { content: `Replica bench, ${text}` });
  if (res.status !== 201) {
    console.error(`post refused: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return null;
  }
  return { path: ((await res.json()) as { post: { path: string } }).post.path };
}

/** A request as `who` from their own address, with the cookies earlier answers set in `jar`. */
async function ask(
  app: RunningApp,
  who: BenchSession,
  path: string,
  jar = new Map<string, string>(),
  body?: unknown,
): Promise<Response> {
  const cookies = [who.cookie, ...[...jar].map(([k, v]) => `${k}=${v}`)].join("; ");
  const res = await fetch(`${app.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      cookie: cookies,
      "x-forwarded-for": who.address,
      ...(body === undefined
        ? {}
        : { "content-type": "application/json", "idempotency-key": randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return res;
}

/** The reads the app's replica has served since it started (`chtcht_db_replica_reads`). */
async function replicaServed(app: RunningApp): Promise<number> {
  const res = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const text = await res.text();
  return [...text.matchAll(/^chtcht_db_replica_reads\{[^}]*outcome="served"[^}]*\} (\d+)/gm)]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);
}
