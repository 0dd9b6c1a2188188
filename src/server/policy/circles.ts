// Whom a person lets in (docs/safety.md "Who can reply and write"): everyone, the people they
// follow, their friends (each follows the other, spec-1 §3, wherever the other lives:
// docs/federation.md "Follows"), or nobody. 'Who can reply' on a post and 'Who can message me'
// both ask this; a person is always in their own circle.
import { type SQL, sql } from "drizzle-orm";
import type { WhoMay } from "../../domain/reply-controls";
import { type Db, queryRows } from "../db/client";
import { friendsWith } from "./viewer-relation";

/** True when the person in `other` is among those `owner` lets in with `who`. */
function inCircleSql(who: "following" | "friends", ownerId: SQL, otherId: SQL): SQL<boolean> {
  return who === "friends"
    ? friendsWith(ownerId, otherId)
    : sql<boolean>`exists (select 1 from followers f where f.follower_id = ${ownerId} and f.following_id = ${otherId})`;
}

/** inCircle as a condition on a column holding the owner's choice (null or
 * anything else: everyone, as `isWhoMay` reads it), for a read
 * that asks it with other things in one statement (the send's: docs/mail.md "Sending"). */
export function inCircleWhen(who: SQL, owner: SQL, other: SQL): SQL<boolean> {
  return sql<boolean>`(${owner} = ${other} or case ${who}
    when 'nobody' then false
    when 'following' then ${inCircleSql("following", owner, other)}
    when 'friends' then ${inCircleSql("friends", owner, other)}
    else true end)`;
}

/** Whether `otherId`, a person here, is let in by `ownerId`'s choice `who` (no query for
 * everyone, nobody or the owner). */
export async function inCircle(
  db: Db,
  { ownerId, otherId, who }: { ownerId: string; otherId: string; who: WhoMay },
): Promise<boolean> {
  if (ownerId === otherId || who === "everyone") return true;
  if (who === "nobody") return false;
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${inCircleSql(who, sql`${ownerId}::text`, sql`${otherId}::text`)} as ok`,
  );
  return Boolean(row?.ok);
}

/** Whether the person elsewhere whose actor is `actorUri` is let in by `ownerId`'s choice `who`:
 * an accepted follow of theirs by the owner, and for friends one of the owner by them too. */
export async function remoteInCircle(
  db: Db,
  { ownerId, actorUri, who }: { ownerId: string; actorUri: string; who: WhoMay },
): Promise<boolean> {
  if (who === "everyone") return true;
  if (who === "nobody") return false;
  const followed = sql`exists (select 1 from fed_following g join fed_actors a on a.id = g.actor_id
    where g.user_id = ${ownerId} and a.uri = ${actorUri} and g.state = 'accepted')`;
  const follows = sql`exists (select 1 from fed_followers f join fed_actors a on a.id = f.actor_id
    where f.user_id = ${ownerId} and a.uri = ${actorUri} and f.state = 'accepted')`;
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    who === "friends"
      ? sql`select (${followed} and ${follows}) as ok`
      : sql`select ${followed} as ok`,
  );
  return Boolean(row?.ok);
}
