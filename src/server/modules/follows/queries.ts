// SQL for follows and the counters they keep on profiles.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { followers } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { notSuspended } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

/** Who follows whom: one row of the followers table. */
export interface FollowPair {
  followerId: string;
  followingId: string;
}

/** Locks both profiles in id order, so concurrent toggles on a pair run one after the other. */
export async function lockPair(db: Db, a: string, b: string): Promise<string[]> {
  const rows = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.userId, [a, b]))
    .orderBy(profiles.userId)
    .for("update");
  return rows.map((r) => r.userId);
}

export async function deleteFollow(
  db: Db,
  { followerId, followingId }: FollowPair,
): Promise<boolean> {
  const rows = await db
    .delete(followers)
    .where(and(eq(followers.followerId, followerId), eq(followers.followingId, followingId)))
    .returning({ followerId: followers.followerId });
  return rows.length > 0;
}

export async function insertFollow(
  db: Db,
  { followerId, followingId }: FollowPair,
): Promise<boolean> {
  const rows = await db
    .insert(followers)
    .values({ followerId, followingId })
    .onConflictDoNothing()
    .returning({ followerId: followers.followerId });
  return rows.length > 0;
}

export async function followExists(
  db: Db,
  { followerId, followingId }: FollowPair,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(followers)
    .where(and(eq(followers.followerId, followerId), eq(followers.followingId, followingId)))
    .limit(1);
  return rows.length > 0;
}

/** Adds to the follow counters of one profile and answers the counters after the change. */
export async function bumpCounts(
  db: Db,
  userId: string,
  delta: { following?: number; followers?: number; friends?: number },
) {
  const [row] = await db
    .update(profiles)
    .set({
      followingCount: sql`${profiles.followingCount} + ${delta.following ?? 0}`,
      followersCount: sql`${profiles.followersCount} + ${delta.followers ?? 0}`,
      friendsCount: sql`${profiles.friendsCount} + ${delta.friends ?? 0}`,
    })
    .where(eq(profiles.userId, userId))
    .returning({
      friends: profiles.friendsCount,
      following: profiles.followingCount,
      followers: profiles.followersCount,
    });
  return row ?? { friends: 0, following: 0, followers: 0 };
}

/**
 * One page of a follower list, newest follow first, keyset-paginated on (created_at, other id)
 * through the followers indexes. Friends are people this user follows who follow back.
 */
export async function listFollows(
  db: Db,
  {
    userId,
    kind,
    limit,
    cursor,
  }: {
    userId: string;
    kind: "friends" | "following" | "followers";
    limit: number;
    cursor: Cursor | null;
  },
) {
  const mine = kind === "followers" ? followers.followingId : followers.followerId;
  const other = kind === "followers" ? followers.followerId : followers.followingId;
  const after = keysetBefore({ at: followers.createdAt, id: other }, cursor);
  const friendsOnly =
    kind === "friends"
      ? sql`exists (select 1 from ${followers} as back where back.follower_id = ${followers.followingId} and back.following_id = ${followers.followerId})`
      : undefined;
  return db
    .select({ ...personColumns, followedAt: followers.createdAt })
    .from(followers)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(mine, userId), after, friendsOnly, notSuspended(other)))
    .orderBy(desc(followers.createdAt), desc(other))
    .limit(limit + 1);
}

/** Which of these users follow the author and have not muted them (feed cache, realtime). */
export async function followersAmong(
  db: Db,
  { authorId, userIds }: { authorId: string; userIds: string[] },
): Promise<string[]> {
  if (userIds.length === 0) return [];
  // One array parameter, however many users (an IN list would take one parameter each).
  const rows = await db
    .select({ id: followers.followerId })
    .from(followers)
    .where(
      and(
        eq(followers.followingId, authorId),
        sql`${followers.followerId} = any(${sql.param(userIds)}::text[])`,
        // A follower who muted the author does not get their posts pushed (docs/safety.md).
        sql`not exists (select 1 from mutes m where m.muter_id = ${followers.followerId} and m.muted_id = ${authorId})`,
      ),
    );
  return rows.map((r) => r.id);
}
