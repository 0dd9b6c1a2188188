// The federation module's SQL on its own tables (docs/federation.md): the people of other servers
// we know of, and the follows that cross servers.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { fedActors, fedFollowers, fedFollowing } from "../../db/schema/federation";

export type RemoteActorRow = typeof fedActors.$inferSelect;
/** What an actor document gives; when we first kept them is ours alone. */
export type RemoteActorFields = Omit<
  typeof fedActors.$inferInsert,
  "id" | "fetchedAt" | "firstSeenAt"
>;

/** Inserts or refreshes an actor by its URI; its row id. */
export async function upsertActor(db: Db, actor: RemoteActorFields): Promise<string> {
  const { uri, ...rest } = actor;
  const [row] = await db
    .insert(fedActors)
    .values(actor)
    .onConflictDoUpdate({ target: fedActors.uri, set: { ...rest, fetchedAt: sql`now()` } })
    .returning({ id: fedActors.id });
  if (!row) throw new Error(`actor ${uri} was not stored`);
  return row.id;
}

/** Read for every activity that arrives (its sender): a hot read (db/prepared.ts). */
const actorAt = preparedPer((db) =>
  db
    .select()
    .from(fedActors)
    .where(eq(fedActors.uri, sql.placeholder("uri")))
    .prepare("fed_actor_by_uri"),
);

export async function actorByUri(db: Db, uri: string): Promise<RemoteActorRow | undefined> {
  const [row] = await actorAt(db).execute({ uri });
  return row;
}

export async function actorById(db: Db, id: string): Promise<RemoteActorRow | undefined> {
  const [row] = await db.select().from(fedActors).where(eq(fedActors.id, id));
  return row;
}

export async function actorByHandle(db: Db, handle: string): Promise<RemoteActorRow | undefined> {
  const [row] = await db
    .select()
    .from(fedActors)
    .where(eq(fedActors.handle, handle.toLowerCase()))
    .orderBy(sql`${fedActors.fetchedAt} desc`)
    .limit(1);
  return row;
}

export type FollowState = "pending" | "accepted";

/** Records a remote person's follow of ours (or their request); the state it had before, if any. */
export async function putRemoteFollower(
  db: Db,
  row: { actorId: string; userId: string; followUri: string; state: FollowState },
): Promise<FollowState | null> {
  const [before] = await db
    .select({ state: fedFollowers.state })
    .from(fedFollowers)
    .where(and(eq(fedFollowers.actorId, row.actorId), eq(fedFollowers.userId, row.userId)))
    .for("update");
  await db
    .insert(fedFollowers)
    .values(row)
    .onConflictDoUpdate({
      target: [fedFollowers.actorId, fedFollowers.userId],
      set: { followUri: row.followUri, state: row.state },
    });
  return (before?.state as FollowState | undefined) ?? null;
}

/** Removes a remote person's follow of ours (or their request); the state it had and the Follow
 * it came by, if there was one. */
export async function removeRemoteFollower(
  db: Db,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<{ state: FollowState; followUri: string } | null> {
  const [row] = await db
    .delete(fedFollowers)
    .where(and(eq(fedFollowers.actorId, actorId), eq(fedFollowers.userId, userId)))
    .returning({ state: fedFollowers.state, followUri: fedFollowers.followUri });
  return row ? { state: row.state as FollowState, followUri: row.followUri } : null;
}

/** The follow requests from elsewhere a private account's owner has not answered, newest first. */
export function pendingRemoteFollowers(
  db: Db,
  { userId, limit }: { userId: string; limit: number },
) {
  return db
    .select({
      id: fedActors.id,
      handle: fedActors.handle,
      name: fedActors.name,
      since: fedFollowers.createdAt,
      followUri: fedFollowers.followUri,
    })
    .from(fedFollowers)
    .innerJoin(fedActors, eq(fedActors.id, fedFollowers.actorId))
    .where(and(eq(fedFollowers.userId, userId), eq(fedFollowers.state, "pending")))
    .orderBy(sql`${fedFollowers.createdAt} desc`)
    .limit(limit);
}

/** Whether anyone on another server follows this person. */
export async function hasRemoteFollowers(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(fedFollowers)
    .where(and(eq(fedFollowers.userId, userId), eq(fedFollowers.state, "accepted")))
    .limit(1);
  return row !== undefined;
}

export interface RemoteFollowerRow {
  uri: string;
  inbox: string;
  sharedInbox: string | null;
}

/** A person's accepted remote followers in follow order (then actor id), after `after`. */
export function remoteFollowersOf(
  db: Db,
  {
    userId,
    limit,
    after,
  }: { userId: string; limit: number; after?: { at: Date; actorId: string } },
): Promise<(RemoteFollowerRow & { createdAt: Date; actorId: string })[]> {
  return db
    .select({
      uri: fedActors.uri,
      inbox: fedActors.inbox,
      sharedInbox: fedActors.sharedInbox,
      createdAt: fedFollowers.createdAt,
      actorId: fedFollowers.actorId,
    })
    .from(fedFollowers)
    .innerJoin(fedActors, eq(fedActors.id, fedFollowers.actorId))
    .where(
      and(
        eq(fedFollowers.userId, userId),
        eq(fedFollowers.state, "accepted"),
        after
          ? sql`(${fedFollowers.createdAt}, ${fedFollowers.actorId}) > (${after.at}, ${after.actorId}::uuid)`
          : undefined,
        // Nothing goes to a suspended server (docs/federation.md "Domain blocks").
        sql`not exists (select 1 from fed_domain_blocks d
          where d.host = ${fedActors.host} and d.severity = 'suspend')`,
      ),
    )
    .orderBy(fedFollowers.createdAt, fedFollowers.actorId)
    .limit(limit);
}

/** Everyone elsewhere who follows the person or whom they follow (or asked to), once each. */
export async function remoteContactsOf(db: Db, userId: string): Promise<RemoteFollowerRow[]> {
  const rows = await db
    .selectDistinct({
      uri: fedActors.uri,
      inbox: fedActors.inbox,
      sharedInbox: fedActors.sharedInbox,
    })
    .from(fedActors)
    .where(
      sql`${fedActors.id} in (select actor_id from ${fedFollowers} where user_id = ${userId}
        union select actor_id from ${fedFollowing} where user_id = ${userId})`,
    );
  return rows;
}

/** Whether this person follows the actor (accepted). */
export async function followsRemote(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ state: fedFollowing.state })
    .from(fedFollowing)
    .where(and(eq(fedFollowing.userId, userId), eq(fedFollowing.actorId, actorId)));
  return row?.state === "accepted";
}

/** Whether the actor follows this person (accepted). */
export async function remoteFollows(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ state: fedFollowers.state })
    .from(fedFollowers)
    .where(and(eq(fedFollowers.userId, userId), eq(fedFollowers.actorId, actorId)));
  return row?.state === "accepted";
}

export interface FollowingRow {
  userId: string;
  actorId: string;
  followUri: string;
  state: FollowState;
}

export async function findFollowing(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<FollowingRow | undefined> {
  const [row] = await db
    .select()
    .from(fedFollowing)
    .where(and(eq(fedFollowing.userId, userId), eq(fedFollowing.actorId, actorId)));
  return row ? { ...row, state: row.state as FollowState } : undefined;
}

export async function findFollowingByUri(
  db: Db,
  followUri: string,
): Promise<FollowingRow | undefined> {
  const [row] = await db.select().from(fedFollowing).where(eq(fedFollowing.followUri, followUri));
  return row ? { ...row, state: row.state as FollowState } : undefined;
}

export async function insertFollowing(
  db: Db,
  row: { userId: string; actorId: string; followUri: string },
): Promise<boolean> {
  const inserted = await db
    .insert(fedFollowing)
    .values({ ...row, state: "pending" })
    .onConflictDoNothing()
    .returning({ userId: fedFollowing.userId });
  return inserted.length > 0;
}

/** Marks a pending follow accepted; whether it was pending. */
export async function acceptFollowing(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<boolean> {
  const rows = await db
    .update(fedFollowing)
    .set({ state: "accepted" })
    .where(
      and(
        eq(fedFollowing.userId, userId),
        eq(fedFollowing.actorId, actorId),
        eq(fedFollowing.state, "pending"),
      ),
    )
    .returning({ userId: fedFollowing.userId });
  return rows.length > 0;
}

export async function deleteFollowing(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<FollowingRow | undefined> {
  const [row] = await db
    .delete(fedFollowing)
    .where(and(eq(fedFollowing.userId, userId), eq(fedFollowing.actorId, actorId)))
    .returning();
  return row ? { ...row, state: row.state as FollowState } : undefined;
}

/** What the actor holds here: the follows either way (with their state). */
export async function followsOfActor(db: Db, actorId: string) {
  const [followers, following] = await Promise.all([
    db
      .select({ userId: fedFollowers.userId, state: fedFollowers.state })
      .from(fedFollowers)
      .where(eq(fedFollowers.actorId, actorId)),
    db
      .select({
        userId: fedFollowing.userId,
        actorId: fedFollowing.actorId,
        state: fedFollowing.state,
      })
      .from(fedFollowing)
      .where(eq(fedFollowing.actorId, actorId)),
  ]);
  return {
    followers: followers.map((r) => ({ ...r, state: r.state as FollowState })),
    following: following.map((r) => ({ ...r, state: r.state as FollowState })),
  };
}

/** Forgets the actor and, with it, everything of theirs here (follows, posts, replies, likes). */
export async function deleteActor(db: Db, actorId: string): Promise<void> {
  await db.delete(fedActors).where(eq(fedActors.id, actorId));
}
