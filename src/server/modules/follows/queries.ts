// SQL for follows and the counters they keep on profiles.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { followers, followRequests } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { type BlockState, hasBlocked, visiblePerson } from "../../policy/visibility";
import { timelinesOnFollow } from "../posts/timelines";
import { personColumns } from "../profiles/person";
import type { PushTarget, ToldInStatement } from "../push/tell";

/** Who follows whom: one row of the followers table. */
export interface FollowPair {
  followerId: string;
  followingId: string;
}

/**
 * Locks both profiles in id order, so concurrent toggles on a pair run one after the other, then
 * reads all a toggle decides on: whether the target exists, the viewer's restriction, blocks
 * either way, the follows either way, whether the target's account is private and whether the
 * viewer has asked to follow them (docs/social-and-realtime.md "Private accounts"). Every write of
 * a pair's follow or request runs under this lock. The read is a statement of its own: under READ
 * COMMITTED a statement that waited for the lock still reads other tables as they stood when it
 * began, so a follow or request committed while it waited would be missed.
 */
export async function lockPairState(db: Db, viewerId: string, targetId: string) {
  const ids = [viewerId, targetId];
  await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.userId, ids))
    .orderBy(profiles.userId)
    .for("update", { of: profiles });
  const [viewer, target] = [sql`${viewerId}::text`, sql`${targetId}::text`];
  const follows = (a: SQL, b: SQL) =>
    sql<boolean>`exists (select 1 from ${followers} f where f.follower_id = ${a} and f.following_id = ${b})`;
  const rows = await db
    .select({
      userId: profiles.userId,
      restrictedUntil: profiles.restrictedUntil,
      viewerBlocks: hasBlocked(viewer, target),
      targetBlocks: hasBlocked(target, viewer),
      following: follows(viewer, target),
      followedBack: follows(target, viewer),
      requested: sql<boolean>`exists (select 1 from ${followRequests} r where r.requester_id = ${viewer} and r.target_id = ${target})`,
      privateAccount: profiles.privateAccount,
    })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  const targetRow = rows.find((r) => r.userId === targetId);
  const pair = rows[0];
  return {
    targetFound: targetRow !== undefined,
    viewerFound: rows.some((r) => r.userId === viewerId),
    viewerRestrictedUntil: rows.find((r) => r.userId === viewerId)?.restrictedUntil ?? null,
    block: (pair?.viewerBlocks ? "blocking" : pair?.targetBlocks ? "blocked" : null) as BlockState,
    following: Boolean(pair?.following),
    followedBack: Boolean(pair?.followedBack),
    requested: Boolean(pair?.requested),
    targetPrivate: Boolean(targetRow?.privateAccount),
  };
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

export interface FollowCounts {
  friends: number;
  following: number;
  followers: number;
}

/**
 * The toggle's write, under lockPairState's lock, in one statement: the follow row inserted
 * (`follow`) or deleted, both people's counters moved when it was (the friends counts too when
 * the other follows back), for a follow the followed person is told of (`told`) their activity
 * row (spec-2 §3) and their browsers, and the followee's recent posts copied into the follower's
 * timeline, or for an unfollow taken out of it (posts/timeline-queries.ts). An approved request
 * (no `told`) writes no FOLLOW row: its owner answered it, and the requester is told instead
 * (requests.ts). Answers whether the row changed and both people's counters after it.
 */
export async function writeFollow(
  db: Db,
  { followerId, followingId }: FollowPair,
  {
    follow,
    followedBack,
    told,
  }: {
    follow: boolean;
    followedBack: boolean;
    /** For a follow the followed person is told of: their notice, written by this statement,
     * and their browsers to push it to, read by it. */
    told?: ToldInStatement;
  },
): Promise<{
  changed: boolean;
  followerCounts: FollowCounts;
  followingCounts: FollowCounts;
  /** The followee's browsers, when `told` was given and the follow was written. */
  targets: PushTarget[];
}> {
  const step = follow ? 1 : -1;
  const friends = followedBack ? step : 0;
  const change = follow
    ? sql`insert into ${followers} (follower_id, following_id) values (${followerId}, ${followingId})
          on conflict do nothing returning 1`
    : sql`delete from ${followers} where follower_id = ${followerId} and following_id = ${followingId}
          returning 1`;
  const tell = follow ? told : undefined;
  const noticed = tell
    ? sql`, noticed as (${tell.notice({
        source: sql`changed`,
        recipient: sql`${followingId}::text`,
        postId: sql`null::uuid`,
        when: sql`true`,
      })})`
    : sql``;
  const browsers = tell
    ? sql`case when c.user_id = ${followingId} then ${tell.targets(sql`c.user_id`)} end`
    : sql`null::json`;
  const rows = await queryRows<{
    user_id: string;
    friends_count: number;
    following_count: number;
    followers_count: number;
    changed: boolean;
    targets: PushTarget[] | null;
  }>(
    db,
    sql`with changed as (${change}),
      counted as (
        update ${profiles} set
          following_count = following_count + case when user_id = ${followerId} then ${step}::int else 0 end,
          followers_count = followers_count + case when user_id = ${followingId} then ${step}::int else 0 end,
          friends_count = friends_count + ${friends}::int
        where user_id in (${followerId}, ${followingId}) and exists (select 1 from changed)
        returning user_id, friends_count, following_count, followers_count
      )${noticed},
      ${timelinesOnFollow({ followerId, followingId }, follow)}
      select c.*, true as changed, ${browsers} as targets from counted c
      union all
      select p.user_id, p.friends_count, p.following_count, p.followers_count, false, null
      from ${profiles} p
      where p.user_id in (${followerId}, ${followingId}) and not exists (select 1 from changed)`,
  );
  const counts = (id: string): FollowCounts => {
    const row = rows.find((r) => r.user_id === id);
    return {
      friends: row?.friends_count ?? 0,
      following: row?.following_count ?? 0,
      followers: row?.followers_count ?? 0,
    };
  };
  return {
    changed: rows.some((r) => r.changed),
    followerCounts: counts(followerId),
    followingCounts: counts(followingId),
    targets: rows.find((r) => r.user_id === followingId && r.changed)?.targets ?? [],
  };
}

/**
 * One page of a follower list, newest follow first, keyset-paginated on (created_at, other id)
 * through the followers indexes. Friends are people this user follows who follow back. Suspended
 * people, and people in a block with the viewer, are left out.
 */
export async function listFollows(
  db: Db,
  {
    viewerId,
    userId,
    kind,
    limit,
    cursor,
  }: {
    viewerId: string | null;
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
    .where(and(eq(mine, userId), after, friendsOnly, visiblePerson(viewerId, other)))
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

/** Which of these authors the user follows and has not muted: `followersAmong` for one reader
 * and many authors, asked once for a reconnecting client's whole backlog (realtime/resume.ts). */
export async function followedAmong(
  db: Db,
  { userId, authorIds }: { userId: string; authorIds: string[] },
): Promise<string[]> {
  if (authorIds.length === 0) return [];
  const rows = await db
    .select({ id: followers.followingId })
    .from(followers)
    .where(
      and(
        eq(followers.followerId, userId),
        sql`${followers.followingId} = any(${sql.param(authorIds)}::text[])`,
        sql`not exists (select 1 from mutes m where m.muter_id = ${userId} and m.muted_id = ${followers.followingId})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** A person's counters as they stand. */
export async function countsOf(db: Db, userId: string): Promise<FollowCounts> {
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
