// What federation reads and moves of the profiles table (docs/federation.md): the follow counters,
// moved by follows that cross servers (the follows module moves them with its own rows), and how
// many people are here, for NodeInfo.
import { count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";

export interface CounterSteps {
  followers?: number;
  following?: number;
  friends?: number;
}

export async function stepFollowCounters(
  db: Db,
  userId: string,
  { followers = 0, following = 0, friends = 0 }: CounterSteps,
): Promise<void> {
  await db
    .update(profiles)
    .set({
      followersCount: sql`${profiles.followersCount} + ${followers}::int`,
      followingCount: sql`${profiles.followingCount} + ${following}::int`,
      friendsCount: sql`${profiles.friendsCount} + ${friends}::int`,
    })
    .where(eq(profiles.userId, userId));
}

/** People here who are not suspended. */
export async function countPeople(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(isNull(profiles.suspendedAt));
  return row?.n ?? 0;
}

/** A person's follow counters as they stand. */
export async function followCountersOf(
  db: Db,
  userId: string,
): Promise<{ friends: number; following: number; followers: number }> {
  const [row] = await db
    .select({
      friends: profiles.friendsCount,
      following: profiles.followingCount,
      followers: profiles.followersCount,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? { friends: 0, following: 0, followers: 0 };
}
