// 'Download my data' end to end (docs/accounts.md "Your data"; docs/performance.md "Export"): one
// person with POSTS posts, MESSAGES messages in THREADS threads, 20 follows each way and MEDIA_MB
// of media (one 1 MB object per post image, random bytes, so nothing compresses). The export is
// asked for through the use-case, built by the outbox worker as in the app (export.build), and
// timed until it reads ready; meanwhile this process's RSS is sampled every 100 ms, and the peak
// above the baseline taken just before the request is compared with the media's size: the zip is
// streamed, so the growth must stay well below it. The zip is then read back (yauzl) to count its
// entries. Runs in-process on the embedded database (PGlite), or on PostgreSQL with --postgres
// (database `bench_export`, made fresh; BENCH_EXPORT_DATABASE_URL picks another).
// Targets: ready within 60 s; RSS growth below RSS_BOUND (below). Either miss exits 1, saying
// which.
//   flock /tmp/bench.lock node --expose-gc --import tsx bench/export.ts [--postgres]
//   options: POSTS=1000 MESSAGES=5000 THREADS=10 MEDIA_MB=50
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pino from "pino";
import { open } from "yauzl";
import { loadConfig } from "../src/server/config";
import { type Database, fromPglite, fromPostgres, pgliteExtensions } from "../src/server/db/client";
import { createObjectStore, createPrivateStore, mediaKey } from "../src/server/infra/object-store";
import { buildExport, exportKey } from "../src/server/modules/export/builder";
import { exportState, requestExport } from "../src/server/modules/export/service";
import { Outbox } from "../src/server/outbox/outbox";
import { freshBenchDatabase } from "./lib/bench-db";
import { mb, sleep } from "./lib/stats";

const POSTS = Number(process.env.POSTS ?? 1000);
const MESSAGES = Number(process.env.MESSAGES ?? 5000);
const THREADS = Number(process.env.THREADS ?? 10);
const MEDIA_MB = Number(process.env.MEDIA_MB ?? 50);
const TARGET_MS = 60_000;
const MiB = 1024 * 1024;
/**
 * Memory is flat (docs/performance.md "Export"): streamed, the build's growth does not follow the
 * media's size (on PostgreSQL 48 to 56 MB with 50 MB of media, 18 MB with 200 MB: pages of rows,
 * driver and zip buffers, the heap settling); a build that held the zip, or the media, in memory
 * grows by at least the media's size on top. The bound is that overhead, 64 MB, plus a quarter of
 * the media: with 200 MB of media (MEDIA_MB=200) a held copy cannot pass it (114 MB); with the
 * default 50 MB it cannot be told from the overhead, and the bench says so.
 */
const RSS_BOUND = { overheadBytes: 64 * MiB, mediaShare: 0.25, decisiveMediaBytes: 128 * MiB };
const usePostgres = process.argv.includes("--postgres");

const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-bench-export-"));
let database: Database;
if (usePostgres) {
  const fresh = await freshBenchDatabase("bench_export", "BENCH_EXPORT_DATABASE_URL");
  await fresh.pool.end();
  database = fromPostgres(fresh.url, 10);
} else {
  database = fromPglite(await PGlite.create({ extensions: pgliteExtensions() }));
  await database.migrate();
}
const { db } = database;
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1" });
const log = pino({ level: "silent" });
const store = createObjectStore({ dataDir });
const exports = createPrivateStore({ dataDir, folder: "exports" });
const deps = {
  db,
  config,
  store,
  exports,
  log,
  outbox: undefined as unknown as Outbox,
};
deps.outbox = new Outbox({
  db,
  mailDomain: config.mailDomain,
  log,
  handlers: {
    mail: async () => {},
    event: async () => {},
    "payments.cancel": async () => {},
    "payments.event": async () => {},
    "media.delete": async () => {},
    "export.build": (payload) => buildExport(deps, payload),
    "links.verify": async () => {},
    federate: async () => {},
    "federation.media": async () => {},
    push: async () => {},
  },
});

// --- seed ---
const t0 = performance.now();
const owner = `bench-owner-${randomUUID()}`;
const peers = Array.from({ length: 20 }, (_, i) => `bench-peer-${i}-${randomUUID()}`);
const people = [owner, ...peers];
await db.execute(sql`insert into users (id, name, email, email_verified)
  select id, 'Bench person', id || '@example.com', true from unnest(${sql.param(people)}::text[]) as id`);
await db.execute(sql`insert into profiles (user_id, default_username, full_name, email_address, chtcht_email)
  select id, 'h' || md5(id), 'Bench ' || left(id, 14), id || '@example.com', 'h' || left(md5(id), 12) || '@chtcht.local'
  from unnest(${sql.param(people)}::text[]) as id`);
await db.execute(sql`insert into posts (user_id, content, slug, created_at)
  select ${owner}, 'Post number ' || i || ': ' || repeat('words ', 20), 'post-' || i,
         now() - make_interval(secs => ${POSTS} - i)
  from generate_series(1, ${POSTS}) as i`);
await db.execute(sql`insert into followers (follower_id, following_id)
  select ${owner}, id from unnest(${sql.param(peers)}::text[]) as id
  union all select id, ${owner} from unnest(${sql.param(peers)}::text[]) as id`);
for (let thread = 0; thread < THREADS; thread++) {
  const peer = peers[thread % peers.length] as string;
  const [a, b] = [owner, peer].sort();
  const threadId = randomUUID();
  await db.execute(sql`insert into chat_threads (id, pair_key, last_message_at)
    values (${threadId}, ${`u:${a}:${b}`}, now())`);
  await db.execute(sql`insert into chat_thread_members (thread_id, user_id, last_message_at)
    values (${threadId}, ${owner}, now()), (${threadId}, ${peer}, now())`);
  const count = Math.floor(MESSAGES / THREADS) + (thread < MESSAGES % THREADS ? 1 : 0);
  await db.execute(sql`insert into chat_messages (thread_id, sender_id, subject, body, created_at)
    select ${threadId}, case when i % 2 = 0 then ${owner} else ${peer} end,
           case when i = 1 then 'Thread ${sql.raw(String(thread))}' end,
           'Message ' || i || E'\nFrom the bench, with a line that needs escaping.',
           now() - make_interval(secs => ${count} - i)
    from generate_series(1, ${count}) as i`);
}
// One 1 MB object per post image, written one at a time so none of it stays in memory.
const images = Math.round(MEDIA_MB);
const { rows: imagePosts } = (await db.execute(
  sql`select id from posts where user_id = ${owner} order by created_at limit ${images}`,
)) as unknown as { rows: { id: string }[] };
for (const post of imagePosts) {
  const bytes = randomBytes(1024 * 1024);
  const key = mediaKey(owner, "post", randomBytes(32).toString("hex"));
  await store.put(key, bytes, "image/jpeg");
  const image = { url: `/media/${key}`, alt: "", width: null, height: null };
  await db.execute(
    sql`update posts set images = ${JSON.stringify([image])}::jsonb where id = ${post.id}`,
  );
}
console.log(
  `seeded ${POSTS} posts, ${MESSAGES} messages in ${THREADS} threads, ${imagePosts.length} MB of media on ${database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// --- the export ---
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
await sleep(200);
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 100);

deps.outbox.start();
const started = performance.now();
await requestExport(deps, { viewerId: owner, now: new Date() });
let state = await exportState(deps, { viewerId: owner, now: new Date() });
while (state.export?.status === "building") {
  await sleep(100);
  state = await exportState(deps, { viewerId: owner, now: new Date() });
}
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
await deps.outbox.stop();
if (state.export?.status !== "ready") throw new Error(`the export ended ${state.export?.status}`);

const zipFile = path.join(dataDir, "exports", ...exportKey(owner, state.export.id).split("/"));
const entries = await new Promise<number>((resolve, reject) => {
  open(zipFile, { lazyEntries: true }, (error, zip) => {
    if (error) return reject(error);
    resolve(zip.entryCount);
    zip.close();
  });
});
const growth = peak - baseline;
console.log(
  [
    `export ready in ${(elapsed / 1000).toFixed(1)} s (target ${TARGET_MS / 1000} s): ${state.export.progress.total} items, zip ${mb(state.export.sizeBytes ?? 0)} with ${entries} entries`,
    `RSS baseline ${mb(baseline)}, peak ${mb(peak)}: growth ${mb(growth)} during the build, against ${imagePosts.length} MB of media${gc ? "" : " (run with --expose-gc for a steadier baseline)"}`,
    `load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  ].join("\n"),
);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
const failures: string[] = [];
if (elapsed > TARGET_MS) failures.push("slower than the target");
const mediaBytes = imagePosts.length * MiB;
const bound = RSS_BOUND.overheadBytes + RSS_BOUND.mediaShare * mediaBytes;
if (growth >= bound) {
  failures.push(
    `RSS grew by ${mb(growth)} during the build, not below ${mb(bound)} (64 MB + ${RSS_BOUND.mediaShare * 100}% of ${mb(mediaBytes)} of media): memory is not flat`,
  );
} else {
  console.log(
    `RSS growth ${mb(growth)} is below the bound of ${mb(bound)}${mediaBytes < RSS_BOUND.decisiveMediaBytes ? " (with this little media a held copy could pass too: MEDIA_MB=200 tells them apart)" : ""}`,
  );
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
