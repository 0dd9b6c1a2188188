// SQL of the daily digest (docs/accounts.md "E-mails from us"): who has activity the digest would
// tell, one person's row held for the run, and what happened to them in a window. Activity comes
// from user_activity (modules/activity), read with the same visibility rule as the Activity page.
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type ActivityRowType,
  DIGEST_KINDS,
  kindOfActivity,
} from "../../../domain/contracts/notification-settings";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { users } from "../../db/schema/auth";
import { mailPreferences } from "../../db/schema/mail";
import { profiles } from "../../db/schema/profiles";
import { notSuspended, visibleAuthor } from "../../policy/visibility";
import { wants } from "../notification-settings/channels";
import { type PersonRow, personColumns } from "../profiles/person";

export interface DigestWindow {
  now: Date;
  /** A digest written after this is too recent for another. */
  dayBefore: Date;
  /** Activity older than this is never told. */
  oldest: Date;
}

/** The Activity rows a digest tells of: those of the digest's kinds (a report's outcome is
 * moderation news, never in a digest), an acceptance aside. */
const DIGEST_TYPES = (Object.keys(kindOfActivity) as ActivityRowType[]).filter(
  (type) => type !== "FOLLOW_ACCEPTED" && DIGEST_KINDS.includes(kindOfActivity[type]),
);

/** The notification kind of an Activity row's type, in SQL. */
const kindOfType = (type: SQL) =>
  sql`case ${type} ${sql.join(
    DIGEST_TYPES.map((name) => sql`when ${name} then ${kindOfActivity[name]}`),
    sql` `,
  )} end`;

/** People after `after` (by id) with activity in their window whose e-mail they want and no
 * digest since `dayBefore`; served by user_activity_created_idx. */
export async function digestCandidates(
  db: Db,
  input: DigestWindow & { after: string; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select a.recipient_id as user_id
      from user_activity a
      left join mail_preferences p on p.user_id = a.recipient_id
      where a.created_at > ${input.oldest} and a.created_at <= ${input.now}
        and a.created_at > coalesce(p.digest_sent_at, ${input.dayBefore}) and not a.held
        and (p.digest_sent_at is null or p.digest_sent_at <= ${input.dayBefore})
        and a.type in (${sql.join(
          DIGEST_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
        and ${wants(sql`a.recipient_id`, kindOfType(sql`a.type`), "email")}
        and a.recipient_id > ${input.after}
        and ${notSuspended(sql`a.recipient_id`)}
      group by a.recipient_id
      order by a.recipient_id
      limit ${input.limit}`,
  );
  return rows.map((row) => row.user_id);
}

export interface DigestHold {
  email: string;
  digestSentAt: Date | null;
}

/** Locks the person's preferences row (made with the defaults if missing) until the transaction
 * ends, so two runs at once tell them once: the second reads the first's digest time. */
export async function holdForDigest(db: Db, userId: string): Promise<DigestHold | null> {
  await db.insert(mailPreferences).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({
      email: users.email,
      digestSentAt: mailPreferences.digestSentAt,
    })
    .from(mailPreferences)
    .innerJoin(users, eq(users.id, mailPreferences.userId))
    .where(eq(mailPreferences.userId, userId))
    .for("update", { of: mailPreferences })
    .limit(1);
  return row ?? null;
}

export async function markDigestSent(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(mailPreferences)
    .set({ digestSentAt: at })
    .where(eq(mailPreferences.userId, userId));
}

interface Between {
  userId: string;
  from: Date;
  to: Date;
}

/** Someone elsewhere (docs/federation.md "Activity from elsewhere") is told as our people are;
 * what waits under Requests is not (docs/notifications.md "Requests"). */
const inWindow = ({ userId, from, to }: Between) =>
  sql`a.recipient_id = ${userId} and a.created_at > ${from} and a.created_at <= ${to} and not a.held
    and (a.actor_id is null or ${visibleAuthor(userId, sql`a.actor_id`)})`;

/** Who followed the person in the window, newest first (at most `limit` of ours: people
 * elsewhere are in the count, not the list), and how many. */
export async function newFollowersIn(
  db: Db,
  input: Between & { limit: number },
): Promise<{ people: PersonRow[]; total: number }> {
  const ids = await queryRows<{ actor_id: string | null; total: number | string }>(
    db,
    sql`select a.actor_id, count(*) over () as total from user_activity a
      where ${inWindow(input)} and a.type = 'FOLLOW'
      group by a.actor_id, a.fed_actor_id
      order by (a.actor_id is null), max(a.created_at) desc limit ${input.limit}`,
  );
  if (ids.length === 0) return { people: [], total: 0 };
  const ours = ids.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id]));
  const rows =
    ours.length === 0
      ? []
      : await db.select(personColumns).from(profiles).where(inArray(profiles.userId, ours));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return {
    people: ours.flatMap((id) => byId.get(id) ?? []),
    total: Number(ids[0]?.total ?? 0),
  };
}

const COUNTED = {
  likes: "LIKE",
  reposts: "REPOST",
  quotes: "QUOTE",
  comments: "COMMENT",
  replies: "REPLY",
  requests: "FOLLOW_REQUEST",
  mentions: "MENTION",
} as const satisfies Record<string, ActivityRowType>;
export type Counted = Record<keyof typeof COUNTED, number>;

/** Likes, reposts, quotes and comments on the person's posts, replies to their comments (a REPLY
 * row is on someone else's post: comments/service.ts), follow requests waiting and mentions, in
 * the window. */
export async function activityCountsIn(db: Db, input: Between): Promise<Counted> {
  const names = Object.keys(COUNTED) as (keyof Counted)[];
  const [row] = await queryRows<Record<keyof Counted, number | string>>(
    db,
    sql`select ${sql.join(
      names.map(
        (name) => sql`count(*) filter (where a.type = ${COUNTED[name]}) as ${sql.identifier(name)}`,
      ),
      sql`, `,
    )}
      from user_activity a where ${inWindow(input)}`,
  );
  return Object.fromEntries(names.map((name) => [name, Number(row?.[name] ?? 0)])) as Counted;
}

/** The Activity row type each count is of. */
export const typeOfCount = (name: keyof Counted): ActivityRowType => COUNTED[name];
