// Checks that the follow counters on profiles equal a recount from the followers table.
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
