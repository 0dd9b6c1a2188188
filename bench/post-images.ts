// Publishing a post with four photos (docs/profiles-and-media.md "Post images"): the app in a child
// process on a fresh PostgreSQL database; one person sends POST /api/posts as the composer does
// (multipart: the text, four JPEG photos of 1–2 MB each and their descriptions), one post at a
// time, and each is timed from the request to its 201 (every image decoded, re-encoded with its
// thumbnail and stored, then the post written).
// Target: p99 < 2 s.
//   node --import tsx bench/post-images.ts
//   options: POSTS=20
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import sharp from "sharp";
import { startApp } from "./lib/app-process";
import { freshBenchDatabase, insertPlainPeople } from "./lib/bench-db";
import { recordRow } from "./lib/results";
import { createSessions } from "./lib/sessions";
import { formatSummary, mb, summarize } from "./lib/stats";

const POSTS = Number(process.env.POSTS ?? 20);
const TARGET_P99_MS = 2000;
const DB_NAME = "bench_post_images";

/** A photo-like JPEG of about 1–2 MB: 3000×2000 of smooth noise (a camera's detail and grain). */
async function photo(seed: number): Promise<Buffer> {
  const [width, height] = [750, 500];
  const grain = Buffer.from(randomBytes(width * height * 3).map((v) => (v + seed * 40) % 256));
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .resize(3000, 2000, { kernel: "cubic" })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const photos = await Promise.all([0, 1, 2, 3].map(photo));
console.log(`photos: ${photos.map((p) => `${(p.length / 1024 / 1024).toFixed(2)} MB`).join(", ")}`);

const { url, pool } = await freshBenchDatabase(DB_NAME, "BENCH_POST_IMAGES_DATABASE_URL");
const id = "postimages-0";
await insertPlainPeople(pool, { ids: [id], handlePrefix: "snap", name: "Snap" });
const [session] = await createSessions(pool, [id]);
if (!session) throw new Error("no session");
const app = await startApp({ databaseUrl: url });
const idle = await app.stats();
console.log(
  `app on ${app.url}; RSS idle ${mb(idle.rss)}; load average ${loadavg()[0]?.toFixed(1)}`,
);

function form(n: number): FormData {
  const body = new FormData();
  body.append("content", `Four photos from the walk, number ${n}`);
  for (const i of photos.keys()) {
    body.append(`alt${i}`, `Photo ${i + 1} of the walk: a hillside in the evening light`);
  }
  for (const bytes of photos) {
    body.append("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  }
  return body;
}

const times: number[] = [];
let errors = 0;
let peakRss = idle.rss;
for (let n = 0; n < POSTS; n++) {
  const body = form(n);
  const t0 = performance.now();
  const res = await fetch(`${app.url}/api/posts`, {
    method: "POST",
    headers: {
      cookie: session.cookie,
      "x-forwarded-for": session.address,
    },
    body,
  });
  const text = await res.text();
  const elapsed = performance.now() - t0;
  if (res.status !== 201) {
    errors++;
    console.error(`post ${n}: ${res.status} ${text.slice(0, 200)}`);
    continue;
  }
  const images = (JSON.parse(text) as { post: { images: unknown[] } }).post.images;
  if (images.length !== 4) errors++;
  times.push(elapsed);
  peakRss = Math.max(peakRss, (await app.stats()).rss);
}

const s = summarize(times);
console.log(`${times.length}/${POSTS} posts of four photos: ${formatSummary(s, 0)}`);
console.log(`RSS peak ${mb(peakRss)} (idle ${mb(idle.rss)})`);
recordRow({
  bench: "post images",
  load: "a post with four 1–2 MB photos, one at a time",
  requestsPerSec: times.length / (times.reduce((a, b) => a + b, 0) / 1000),
  p50Ms: s.p50,
  p99Ms: s.p99,
  maxMs: s.max,
  errors,
  target: { text: `p99 < ${TARGET_P99_MS} ms`, met: errors === 0 && s.p99 < TARGET_P99_MS },
});
await app.stop();
await pool.end();
