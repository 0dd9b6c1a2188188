// Seeds the feed benchmark's database: 100,000 users with profiles (as bench/seed-social.ts names
// them), 5,000,000 follows (a median of ~45 followees, 20 readers following 5,000 accounts each,
// popularity skewed so a few authors have 10,000+ followers; unique pairs, no self-follows) and
// 2,000,000 posts (authors skewed, spread over the last 180 days, short texts, slug by postSlug,
// a quarter with an image, a tenth with a link preview card). Rows go in as 10,000-row
// INSERT … SELECT FROM unnest(…) statements
// on two connections, with the secondary indexes and foreign keys of followers and posts dropped
// during the load and rebuilt after it; then the follow counters (one aggregate UPDATE), the home
// timelines of the last 30 days (as migration 0031 fills them), a tenth of the posts reposted once
// with those reposts in the timelines (as migration 0068 fills them) and VACUUM (ANALYZE). Prints
// each phase's time.
//   node --import tsx bench/seed-feed.ts          (recreates the `bench_feed` database)
//   node --import tsx bench/seed-feed.ts --drop   (drops it and exits)
//   BENCH_FEED_DATABASE_URL=postgres://127.0.0.1/… uses that (empty) database instead
//   options: USERS=100000 FOLLOWS=5000000 POSTS=2000000 HEAVY=20 SEED=42
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { postSlug } from "../src/domain/post-slug";
import { PULL_FOLLOWERS, TIMELINE_DAYS } from "../src/server/modules/posts/timeline-queries";
import {
  dropDefaultDatabase,
  FEED_DB_NAME,
  feedDatabaseUrl,
  markSeeded,
  openBulkLoad,
  postgresVersion,
} from "./lib/bench-db";
import { dropSecondary, restoreSecondary } from "./lib/bulk-load";
import { generateFollows, postAuthors, postText, postTimes } from "./lib/feed-data";
import {
  generatePeople,
  inBatches,
  insertPeople,
  phaseTimer,
  updateFollowCounters,
} from "./lib/seed-people";
import { mapLimit, percentile, random } from "./lib/stats";

const USERS = Number(process.env.USERS ?? 100_000);
const FOLLOWS = Number(process.env.FOLLOWS ?? 5_000_000);
const POSTS = Number(process.env.POSTS ?? 2_000_000);
const HEAVY = Number(process.env.HEAVY ?? 20);
const HEAVY_FOLLOWS = Math.min(5_000, USERS - 1);
const SEED = Number(process.env.SEED ?? 42);
const BATCH = 10_000;
const WRITERS = 2;
const POST_DAYS = 180;
const IMAGE_SHARE = 0.25;
/** Posts with a link preview card, all among those without an image; and how many cards. */
const PREVIEW_SHARE = 0.1;
const CARDS = 1_000;
const DAY_S = 86_400;

const { url, explicit } = feedDatabaseUrl();
if (process.argv.includes("--drop")) {
  if (explicit) {
    console.log("BENCH_FEED_DATABASE_URL is set: nothing dropped");
  } else {
    await dropDefaultDatabase(FEED_DB_NAME);
    console.log(`dropped ${FEED_DB_NAME}`);
  }
  process.exit(0);
}
const { phase, total } = phaseTimer();
// Sorts and hashes of the index rebuilds stay in memory.
const pool = await openBulkLoad({
  url,
  recreate: explicit ? null : FEED_DB_NAME,
  envName: "BENCH_FEED_DATABASE_URL",
  writers: WRITERS,
  extraOptions: "-c maintenance_work_mem=1GB -c work_mem=512MB",
});
console.log(
  `database ${url.replace(/:[^:@/]*@/, ":***@")}; load average ${loadavg()[0]?.toFixed(1)}`,
);
console.log(await postgresVersion(pool));
const dropped = await dropSecondary(pool, ["followers", "posts"]);
phase(
  "create + migrate",
  `${explicit ? "(BENCH_FEED_DATABASE_URL)" : `(recreated ${FEED_DB_NAME})`}; dropped ${dropped.indexes.length} indexes, ${dropped.foreignKeys.length} foreign keys for the load`,
);

// ---- people ----------------------------------------------------------------------------------
const next = random(SEED);
const people = generatePeople(USERS, next);
const { ids } = people;
phase("generate people", `${USERS} users`);
await insertPeople(pool, people, 5_000, WRITERS);
phase("insert users + profiles", `${USERS} + ${USERS} rows`);

// ---- follows ---------------------------------------------------------------------------------
const graph = generateFollows(USERS, FOLLOWS, HEAVY, HEAVY_FOLLOWS, next);
phase("generate follows", `${graph.count} unique pairs, ${graph.heavy.length} heavy readers`);
await inBatches(graph.count, BATCH, WRITERS, async (from, to, index) => {
  const rng = random(SEED * 1_000 + index);
  const follower: string[] = [];
  const following: string[] = [];
  const ago: number[] = [];
  for (let i = from; i < to; i++) {
    follower.push(ids[graph.follower[i] as number] as string);
    following.push(ids[graph.following[i] as number] as string);
    ago.push(Math.floor(rng() * 365 * DAY_S));
  }
  await pool.query(
    `insert into followers (follower_id, following_id, created_at)
     select a, b, now() - make_interval(secs => s)
     from unnest($1::text[], $2::text[], $3::int[]) as t(a, b, s)`,
    [follower, following, ago],
  );
});
phase("insert follows", `${graph.count} rows`);

// ---- posts -----------------------------------------------------------------------------------
const authors = postAuthors(USERS, POSTS, next);
const times = postTimes(POSTS, POST_DAYS, next);
phase("generate posts", `${POSTS} authors and times`);
let withImage = 0;
await inBatches(POSTS, BATCH, WRITERS, async (from, to, index) => {
  const rng = random(SEED * 7_919 + index);
  const userIds: string[] = [];
  const contents: string[] = [];
  const slugs: string[] = [];
  const images: (string | null)[] = [];
  for (let i = from; i < to; i++) {
    const userId = ids[authors[i] as number] as string;
    const content = postText(rng);
    userIds.push(userId);
    contents.push(content);
    slugs.push(postSlug(content));
    const image =
      rng() < IMAGE_SHARE
        ? `/media/u/${Buffer.from(userId).toString("hex")}/post/${randomBytes(16).toString("hex")}.jpg`
        : null;
    if (image) withImage++;
    images.push(image);
  }
  await pool.query(
    `insert into posts (user_id, content, images, slug, created_at, updated_at)
     select u, c,
       case when i is null then '[]'::jsonb
         else jsonb_build_array(jsonb_build_object('url', i, 'alt', '', 'width', 2048, 'height', 1536)) end,
       s, to_timestamp(at), to_timestamp(at)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[]) as t(u, c, i, s, at)`,
    [userIds, contents, images, slugs, Array.from(times.subarray(from, to))],
  );
});
phase("insert posts", `${POSTS} rows, ${withImage} with an image`);

// A share of the posts without images carry a link preview card (docs/feed.md "Link previews"),
// so the feed's reads join real cards: CARDS distinct cards, shared out by the post's id.
await pool.query(
  `insert into link_previews (url, found, title, description, site_name, image_url, expires_at)
   select 'https://news.example/story/' || g, true, 'Story number ' || g || ' of the news today',
     'What happened in story ' || g || ', told in a sentence or two for the card.', 'News Example',
     '/media/u/' || encode('link-previews', 'hex') || '/post/' || md5(g::text) || '.jpg',
     now() + interval '1 day'
   from generate_series(1, $1::int) g`,
  [CARDS],
);
const carded = await pool.query(
  `with cards as (select array_agg(id order by fetched_at, id) as ids from link_previews)
   update posts p set link_preview_id = cards.ids[1 + abs(hashtext(p.id::text)) % $1::int]
   from cards
   where jsonb_array_length(p.images) = 0 and abs(hashtext(p.id::text || 'card')) % 100 < $2::int`,
  [CARDS, Math.round((PREVIEW_SHARE / (1 - IMAGE_SHARE)) * 100)],
);
phase("link previews", `${CARDS} cards on ${carded.rowCount} posts`);

await restoreSecondary(pool, dropped, WRITERS);
phase(
  "indexes + foreign keys",
  dropped.indexes
    .map((i) => i.name)
    .concat(dropped.foreignKeys.map((k) => k.name))
    .join(", "),
);

const updated = await updateFollowCounters(pool);
phase("update counters", `${updated} profiles`);

// ---- timelines (docs/feed.md "Timelines written at post time"), as migration 0031 fills them --
const pulled = await pool.query(
  "insert into feed_pull_authors (user_id) select user_id from profiles where followers_count >= $1",
  [PULL_FOLLOWERS],
);
const timelineKeys = await dropSecondary(pool, ["home_timelines"]);
await pool.query(
  "alter table home_timelines drop constraint home_timelines_reader_id_created_at_post_id_author_id_pk",
);
let timelineRows = 0;
await mapLimit([...Array(WRITERS * 4).keys()], WRITERS, async (part) => {
  const { rowCount } = await pool.query(
    `insert into home_timelines (reader_id, created_at, post_id, author_id)
     select r.reader_id, p.created_at, p.id, p.user_id from posts p
     cross join lateral (
       select f.follower_id as reader_id from followers f where f.following_id = p.user_id
       union select p.user_id
     ) r
     where p.deleted_at is null and p.created_at > now() - make_interval(days => $1)
       and p.user_id not in (select user_id from feed_pull_authors)
       and abs(hashtext(p.user_id)) % $2 = $3`,
    [TIMELINE_DAYS, WRITERS * 4, part],
  );
  timelineRows += rowCount ?? 0;
});
await pool.query(
  `alter table home_timelines add constraint home_timelines_reader_id_created_at_post_id_author_id_pk
   primary key (reader_id, created_at, post_id, author_id)`,
);
await restoreSecondary(pool, timelineKeys, WRITERS);
phase(
  "timelines",
  `${timelineRows} rows for the last ${TIMELINE_DAYS} days; ${pulled.rowCount} authors merged at read`,
);

// A tenth of the posts reposted once, by someone other than their author, within two days of
// the post; those of the last 30 days written into the reposter's and their followers' timelines
// as a repost is (migration 0068), the reposters merged at read keeping only their own rows.
const reposts = await pool.query(
  `with numbered as (select row_number() over (order by id) as n, id from users)
   insert into post_reposts (user_id, post_id, created_at)
   select u.id, p.id,
     least(now(), p.created_at + (abs(hashtext(p.id::text || 'at')) % 172800) * interval '1 second')
   from posts p join numbered u on u.n = 1 + abs(hashtext(p.id::text)) % $1
   where abs(hashtext(p.id::text || 'repost')) % 10 = 0 and u.id <> p.user_id`,
  [USERS],
);
await pool.query(`update posts p set reposts_count = 1 from post_reposts r where r.post_id = p.id`);
const repostRows = await pool.query(
  `insert into home_reposts (reader_id, kind, created_at, repost_id, reposter_id)
   select t.reader_id, 'post', r.created_at, r.id, r.user_id from post_reposts r
   cross join lateral (
     select r.user_id as reader_id
     union select f.follower_id from followers f
     where f.following_id = r.user_id and r.user_id not in (select user_id from feed_pull_authors)
   ) t
   where r.created_at > now() - make_interval(days => $1)`,
  [TIMELINE_DAYS],
);
phase(
  "reposts",
  `${reposts.rowCount} reposts, ${repostRows.rowCount} timeline rows for the last ${TIMELINE_DAYS} days`,
);

await mapLimit(
  ["followers", "posts", "users, profiles", "home_timelines", "post_reposts, home_reposts"],
  WRITERS,
  (tables) => pool.query(`vacuum (analyze) ${tables}`),
);
phase("vacuum analyze");

// ---- what was built --------------------------------------------------------------------------
const { rows: degrees } = await pool.query<{ following: number; followers: number }>(
  "select following_count as following, followers_count as followers from profiles",
);
const sorted = (key: "following" | "followers") => degrees.map((d) => d[key]).sort((a, b) => a - b);
const followees = sorted("following");
const followerCounts = sorted("followers");
const { rows: postStats } = await pool.query<{ authors: number; top: number; median: number }>(
  `select count(*)::int as authors, max(n)::int as top,
          percentile_disc(0.5) within group (order by n)::int as median
   from (select count(*) as n from posts group by user_id) per_author`,
);
const { rows: size } = await pool.query<{ size: string }>(
  "select pg_size_pretty(pg_database_size(current_database())) as size",
);
const p = (list: number[], q: number) => percentile(list, q).toLocaleString("en");
console.log(
  `followees per reader: median ${p(followees, 50)}, p90 ${p(followees, 90)}, p99 ${p(followees, 99)}, max ${p(followees, 100)} (${graph.heavy.length} readers follow ${HEAVY_FOLLOWS})`,
);
console.log(
  `followers per profile: median ${p(followerCounts, 50)}, p99 ${p(followerCounts, 99)}; top ${followerCounts
    .slice(-5)
    .reverse()
    .map((n) => n.toLocaleString("en"))
    .join(", ")}; ${followerCounts.filter((n) => n >= 10_000).length} with 10,000+`,
);
console.log(
  `posts: ${postStats[0]?.authors} authors, median ${postStats[0]?.median} posts each, most ${postStats[0]?.top}; database size ${size[0]?.size}`,
);
console.log(`total ${total().toFixed(1)} s; load average now ${loadavg()[0]?.toFixed(1)}`);
await markSeeded(pool, "bench/seed-feed.ts", { USERS, FOLLOWS, POSTS, HEAVY, SEED });
await pool.end();
