// Whether an account is new (docs/safety.md "New accounts"): for its first `newAccountDays`
// (NEW_ACCOUNT_DAYS, 7 by default) an account posts, comments, messages people who do not follow it
// and follows within smaller hourly budgets, and its posts' links are inert; and a person may hold
// what accounts under FILTERED_ACCOUNT_DAYS old write to them under Requests (docs/notifications.md
// "Requests"). One of ours is as old as its profile; someone elsewhere as their server says (the
// actor's `published`), else as long as we have known them.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { preparedPer } from "../db/prepared";
import { fedActors, fedFollowing } from "../db/schema/federation";
import { followers } from "../db/schema/follows";
import { profiles } from "../db/schema/profiles";
import type { LimitName, RateLimits } from "../infra/rate-limit";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Mastodon's figure for its 'new accounts' notification filter. */
export const FILTERED_ACCOUNT_DAYS = 30;

/** Younger than `days` on `now`; an account that is gone (null) counts as new. */
export function isNewAccount(createdAt: Date | null, now: Date, days: number): boolean {
  return createdAt === null || now.getTime() - createdAt.getTime() < days * DAY_MS;
}

/** Accounts made after this moment have the new-account limits on `now`; null while they are off
 * (NEW_ACCOUNT_DAYS=0). */
export const newAccountsSince = (now: Date, days: number): Date | null =>
  days > 0 ? new Date(now.getTime() - days * DAY_MS) : null;

/** A post's links are inert while its author is new (read per answer, so they become links the
 * day the author is no longer new, whatever cached the post). */
export const linksInert = (authorCreatedAt: Date, since: Date | null): boolean =>
  since !== null && authorCreatedAt > since;

/** The writes a new account has a smaller budget for (infra/rate-limit.ts LIMITS). */
export type NewAccountWrite = "posts" | "comments" | "messages" | "follows";
const BUDGETS: Record<NewAccountWrite, LimitName> = {
  posts: "newAccountPosts",
  comments: "newAccountComments",
  messages: "newAccountMessages",
  follows: "newAccountFollows",
};

const madeAtOf = preparedPer((db: Db) =>
  db
    .select({ at: profiles.createdAt })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .prepare("account_made_at"),
);

/** When each recent writer's account was made, which never changes. Bounded; the oldest entry
 * leaves first. */
const madeAtKnown = new Map<string, Date>();
const MADE_AT_KEPT = 10_000;

async function accountMadeAt(db: Db, userId: string): Promise<Date | null> {
  const known = madeAtKnown.get(userId);
  if (known) return known;
  const [row] = await madeAtOf(db).execute({ userId });
  if (!row) return null;
  if (madeAtKnown.size >= MADE_AT_KEPT)
    madeAtKnown.delete(madeAtKnown.keys().next().value as string);
  madeAtKnown.set(userId, row.at);
  return row.at;
}

type NewAccountDeps = { db: Db; config: Pick<Config, "newAccountDays"> };

/** The person has the new-account limits on `now`. */
export async function hasNewAccountLimits(
  deps: NewAccountDeps,
  { userId, now }: { userId: string; now: Date },
): Promise<boolean> {
  const days = deps.config.newAccountDays;
  return days > 0 && isNewAccount(await accountMadeAt(deps.db, userId), now, days);
}

/**
 * Spends one write of this kind from a new account's hourly budget, or throws its 429 (with
 * Retry-After and a message saying when to try again); an older account spends nothing. A
 * refused write counts too, so hammering does not end the wait sooner. Answers whether the
 * writer is new.
 */
export async function spendNewAccountWrite(
  deps: NewAccountDeps & { limits: RateLimits },
  { userId, write, now }: { userId: string; write: NewAccountWrite; now: Date },
): Promise<boolean> {
  if (!(await hasNewAccountLimits(deps, { userId, now }))) return false;
  await deps.limits.consume(BUDGETS[write], userId);
  return true;
}

/** Who wrote: one of our people, or someone elsewhere (their fed_actors row). */
export type Sender = { userId: string } | { fedActorId: string };

/** When the sender's account was made as far as we know; null when we do not (someone elsewhere
 * kept before migration 0061 whose server gave no date). */
async function senderMadeAt(db: Db, sender: Sender): Promise<Date | null> {
  if ("userId" in sender) return accountMadeAt(db, sender.userId);
  const [row] = await db
    .select({ published: fedActors.publishedAt, firstSeen: fedActors.firstSeenAt })
    .from(fedActors)
    .where(eq(fedActors.id, sender.fedActorId));
  return row?.published ?? row?.firstSeen ?? null;
}

/** The sender's account is under FILTERED_ACCOUNT_DAYS old on `now`; one whose age we do not know
 * is not. */
export async function isFilteredSender(db: Db, sender: Sender, now: Date): Promise<boolean> {
  const made = await senderMadeAt(db, sender);
  return made !== null && isNewAccount(made, now, FILTERED_ACCOUNT_DAYS);
}

/** followsSender for a sender of ours, as a condition on two columns, for a statement that asks
 * it with other things (the send's one read: policy/recipients.ts). */
export const followsWriterSql = (userId: SQL, writerId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from followers fw where fw.follower_id = ${userId} and fw.following_id = ${writerId})`;

/** The person follows the sender (here, or elsewhere once their server accepted). */
export async function followsSender(db: Db, userId: string, sender: Sender): Promise<boolean> {
  const rows =
    "userId" in sender
      ? await db
          .select({ one: sql`1` })
          .from(followers)
          .where(and(eq(followers.followerId, userId), eq(followers.followingId, sender.userId)))
          .limit(1)
      : await db
          .select({ one: sql`1` })
          .from(fedFollowing)
          .where(
            and(
              eq(fedFollowing.userId, userId),
              eq(fedFollowing.actorId, sender.fedActorId),
              eq(fedFollowing.state, "accepted"),
            ),
          )
          .limit(1);
  return rows.length > 0;
}
