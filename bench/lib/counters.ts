// Checks that the follow counters on profiles equal a recount from the followers table, and the
// like counters on posts (posts.likes_count) a recount from the post_likes table.
import type pg from "pg";

export interface CounterDrift {
  userId: string;
  stored: [number, number, number];
  recounted: [number, number, number];
}

/** [followers, following, friends] stored vs recounted for `userIds`; returns the drifted ones. */
export async function counterDrift(
  pool: pg.Pool,
  userIds: readonly string[],
): Promise<CounterDrift[]> {
  const { rows } = await pool.query<{
    id: string;
    followers_count: number;
    following_count: number;
    friends_count: number;
    followers: number;
    following: number;
    friends: number;
  }>(
    `select t.id, p.followers_count, p.following_count, p.friends_count,
       (select count(*)::int from followers f where f.following_id = t.id) as followers,
       (select count(*)::int from followers f where f.follower_id = t.id) as following,
       (select count(*)::int from followers f
          where f.follower_id = t.id
            and exists (select 1 from followers b
                        where b.follower_id = f.following_id and b.following_id = t.id)) as friends
     from unnest($1::text[]) as t(id) join profiles p on p.user_id = t.id`,
    [userIds],
  );
  return rows
    .filter(
      (r) =>
        r.followers_count !== r.followers ||
        r.following_count !== r.following ||
        r.friends_count !== r.friends,
    )
    .map((r) => ({
      userId: r.id,
      stored: [r.followers_count, r.following_count, r.friends_count],
      recounted: [r.followers, r.following, r.friends],
    }));
}

export function reportDrift(drift: CounterDrift[], checked: number): void {
  if (drift.length === 0) {
    console.log(`counters: all ${checked} touched profiles equal a recount`);
    return;
  }
  console.log(`counters: ${drift.length} of ${checked} touched profiles DRIFTED, e.g.`);
  for (const d of drift.slice(0, 5)) {
    console.log(
      `  ${d.userId}: stored [followers, following, friends] ${d.stored} vs recount ${d.recounted}`,
    );
  }
  process.exitCode = 1;
}

export interface LikeDrift {
  postId: string;
  stored: number;
  recounted: number;
}

/** posts.likes_count stored vs `count(*)` of post_likes for `postIds`; returns the drifted ones. */
export async function postLikeDrift(
  pool: pg.Pool,
  postIds: readonly string[],
): Promise<LikeDrift[]> {
  const { rows } = await pool.query<{ id: string; likes_count: number; likes: number }>(
    `select t.id, p.likes_count,
       (select count(*)::int from post_likes l where l.post_id = t.id) as likes
     from unnest($1::uuid[]) as t(id) join posts p on p.id = t.id`,
    [postIds],
  );
  return rows
    .filter((r) => r.likes_count !== r.likes)
    .map((r) => ({ postId: r.id, stored: r.likes_count, recounted: r.likes }));
}

export function reportLikeDrift(drift: LikeDrift[], checked: number): void {
  if (drift.length === 0) {
    console.log(`like counters: all ${checked} touched posts equal a recount`);
    return;
  }
  console.log(`like counters: ${drift.length} of ${checked} touched posts DRIFTED, e.g.`);
  for (const d of drift.slice(0, 5)) {
    console.log(`  ${d.postId}: stored likes_count ${d.stored} vs recount ${d.recounted}`);
  }
  process.exitCode = 1;
}
