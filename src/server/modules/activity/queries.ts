// SQL for user_activity: writing a row (a reporter's outcome once per action), the unread badge,
// the grouped Activity page (none of them reading the rows held under Requests: held-queries.ts),
// marking groups read, and forgetting what two people did to each other (a block), what one of ours took
// back (a repost undone, a quote deleted or detached), or what someone elsewhere did (their Undo,
// our person's block of them).
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { ActivityGroupType } from "../../../domain/contracts/activity";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { userActivity } from "../../db/schema/activity";
import { fedActors, fedNotes } from "../../db/schema/federation";
import { posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { seesPostsOf, visibleAuthor } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

export type ActivityType =
  | "LIKE"
  | "COMMENT"
  | "REPLY"
  | "FOLLOW"
  | "FOLLOW_REQUEST"
  | "FOLLOW_ACCEPTED"
  | "MENTION"
  | "REPOST"
  | "QUOTE"
  | "REPORT_OUTCOME";

export interface ActivityRow {
  recipientId: string;
  /** One of our people, or (null) someone elsewhere: `fedActorId`. */
  actorId: string | null;
  fedActorId: string | null;
  fedNoteId: string | null;
  type: ActivityType;
  postId: string | null;
  postSnippet: string | null;
  commentSnippet: string | null;
  /** Waits under the recipient's Requests (docs/notifications.md "Requests"). */
  held: boolean;
}

export async function insertActivity(tx: Db, row: ActivityRow): Promise<void> {
  await tx.insert(userActivity).values(row);
}

/**
 * For a change's own statement: the row of a notice of `type` from `actorId` to the person in
 * `recipient` about the post in `postId`, written for each row of `source` where `when` holds,
 * never to the actor. No snippet is kept: the Activity page reads the post's words, as it does for
 * a live post (service.ts listActivity). Returns the recipient for each row written.
 */
export function noticeRow({
  source,
  recipient,
  actorId,
  type,
  postId,
  when,
}: {
  source: SQL;
  recipient: SQL;
  actorId: string;
  type: ActivityType;
  postId: SQL;
  when: SQL;
}): SQL {
  return sql`insert into ${userActivity} (recipient_id, actor_id, type, post_id)
    select ${recipient}, ${actorId}, ${type}, ${postId} from ${source}
    where ${when} and ${recipient} <> ${actorId}
    returning recipient_id`;
}

/** A reporter's word of the action that closed their report; false when they have it already
 * (user_activity_report_outcome_idx). */
export async function insertReportOutcome(
  tx: Db,
  row: { recipientId: string; actionId: string; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(userActivity)
    .values({
      recipientId: row.recipientId,
      actionId: row.actionId,
      type: "REPORT_OUTCOME",
      createdAt: row.at,
    })
    .onConflictDoNothing({
      target: [userActivity.recipientId, userActivity.actionId],
      where: sql`${userActivity.actionId} is not null`,
    })
    .returning({ id: userActivity.id });
  return inserted.length > 0;
}

/** The people (not suspended) behind these lower-cased handles, a reserved username or a default
 * one (served by the profiles' lower() indexes). */
export async function userIdsOfHandles(db: Db, handles: string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const rows = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(
        isNull(profiles.suspendedAt),
        or(
          inArray(sql`lower(${profiles.username})`, handles),
          inArray(sql`lower(${profiles.defaultUsername})`, handles),
        ),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Each one's activity caused by the other, both ways. */
export async function deleteActivityBetween(tx: Db, a: string, b: string): Promise<void> {
  await tx
    .delete(userActivity)
    .where(
      or(
        and(eq(userActivity.recipientId, a), eq(userActivity.actorId, b)),
        and(eq(userActivity.recipientId, b), eq(userActivity.actorId, a)),
      ),
    );
}

/** What someone elsewhere did that reached the recipient (anyone, when none is given; served by
 * user_activity_fed_actor_idx): of the given kinds (all when none are given), on the given post
 * (any when none is given). */
export async function deleteActivityFromElsewhere(
  tx: Db,
  input: {
    recipientId?: string;
    fedActorId: string;
    types?: ActivityType[];
    postId?: string;
    fedNoteId?: string;
  },
): Promise<void> {
  await tx
    .delete(userActivity)
    .where(
      and(
        input.recipientId ? eq(userActivity.recipientId, input.recipientId) : undefined,
        eq(userActivity.fedActorId, input.fedActorId),
        input.types ? inArray(userActivity.type, input.types) : undefined,
        input.postId ? eq(userActivity.postId, input.postId) : undefined,
        input.fedNoteId ? eq(userActivity.fedNoteId, input.fedNoteId) : undefined,
      ),
    );
}

/** One of our people's item of this kind on this post: their repost's, or their quote's (the
 * quote is the post), served by user_activity_recipient_created_idx. */
export async function deleteActivityOf(
  tx: Db,
  input: { recipientId: string; actorId: string; type: ActivityType; postId: string },
): Promise<void> {
  await tx
    .delete(userActivity)
    .where(
      and(
        eq(userActivity.recipientId, input.recipientId),
        eq(userActivity.actorId, input.actorId),
        eq(userActivity.type, input.type),
        eq(userActivity.postId, input.postId),
      ),
    );
}

/** Whether someone elsewhere's item of this kind on this post is there already (their activity
 * delivered again). */
export async function hasActivityFromElsewhere(
  db: Db,
  input: { recipientId: string; fedActorId: string; type: ActivityType; postId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: userActivity.id })
    .from(userActivity)
    .where(
      and(
        eq(userActivity.recipientId, input.recipientId),
        eq(userActivity.fedActorId, input.fedActorId),
        eq(userActivity.type, input.type),
        eq(userActivity.postId, input.postId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The item of one follow request (the recipient is the private account's owner). */
export async function deleteFollowRequestActivity(
  tx: Db,
  { recipientId, actorId }: { recipientId: string; actorId: string },
): Promise<void> {
  await tx
    .delete(userActivity)
    .where(
      and(
        eq(userActivity.recipientId, recipientId),
        eq(userActivity.actorId, actorId),
        eq(userActivity.type, "FOLLOW_REQUEST"),
      ),
    );
}

/** Someone elsewhere (no local actor), or one of ours the recipient may see and has not muted. */
export const shownActor = (recipientId: string, actorId: SQL | typeof userActivity.actorId) =>
  sql`(${actorId} is null or ${visibleAuthor(recipientId, actorId)})`;

/** Replies are shown with comments (spec-2 §3 group types LIKE, COMMENT, FOLLOW). */
const groupType = sql`case when ${userActivity.type} = 'REPLY' then 'COMMENT' else ${userActivity.type} end`;

/** A post from elsewhere that is on none of ours (a mention), or that quotes one of ours, is a
 * group of its own (a quote from elsewhere can be taken out of: docs/federation.md "Quotes"). */
const noteKey = sql`case when ${userActivity.postId} is null or ${userActivity.type} = 'QUOTE'
  then ${userActivity.fedNoteId} end`;

/** The row's post, if any, is one the recipient may still see: a reply on a private account's post
 * is not shown to someone who no longer follows it (docs/safety.md "Private accounts"). */
export const postStillSeen = (recipientId: string, postId: SQL | typeof userActivity.postId) =>
  sql`(${postId} is null or not exists (select 1 from ${posts} hp where hp.id = ${postId}
    and hp.user_id <> ${recipientId} and not ${seesPostsOf(recipientId, sql`hp.user_id`)}))`;

/** Rows of none of the `hidden` types (those the recipient turned off in the app). */
const notHidden = (type: SQL | typeof userActivity.type, hidden: readonly string[]) =>
  hidden.length === 0
    ? sql`true`
    : sql`${type} not in (${sql.join(
        hidden.map((name) => sql`${name}`),
        sql`, `,
      )})`;

/** Unread groups, served by the partial index user_activity_unread_idx. */
export async function countUnread(
  db: Db,
  recipientId: string,
  hidden: readonly string[],
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (
      select distinct ${groupType}, ${userActivity.postId}, ${noteKey}, ${userActivity.actionId}
      from ${userActivity}
      where ${userActivity.recipientId} = ${recipientId} and ${userActivity.readAt} is null
        and not ${userActivity.held}
        and ${notHidden(userActivity.type, hidden)}
        and ${shownActor(recipientId, userActivity.actorId)}
        and ${postStillSeen(recipientId, userActivity.postId)}) g`,
  );
  return Number(row?.n ?? 0);
}

export interface GroupRow {
  group_type: ActivityGroupType;
  post_id: string | null;
  note_id: string | null;
  /** A report's outcome: the moderation action, its group's key. */
  action_id: string | null;
  actor_count: number | string;
  unread: boolean;
  last_event_at: Date | string;
  post_snippet: string | null;
  comment_snippet: string | null;
  /** Our people's ids, and `fed:{id}` for people elsewhere; none for a report's outcome. */
  actors: (string | null)[];
}

const RECENT_ROWS = 2000;
const MAX_GROUPS = 100;

/** The spec's get_activity_groups over the recipient's newest rows (bounded, index-served). */
export async function activityGroups(
  db: Db,
  recipientId: string,
  hidden: readonly string[],
): Promise<GroupRow[]> {
  return queryRows<GroupRow>(
    db,
    sql`select group_type, post_id, note_id, action_id, count(distinct actor) as actor_count, bool_or(read_at is null) as unread,
        max(created_at) as last_event_at,
        (array_agg(post_snippet order by created_at desc))[1] as post_snippet,
        (array_agg(comment_snippet order by created_at desc))[1] as comment_snippet,
        array_agg(actor order by created_at desc) as actors
      from (
        select case when type = 'REPLY' then 'COMMENT' else type end as group_type, post_id,
          case when post_id is null or type = 'QUOTE' then fed_note_id end as note_id, action_id,
          coalesce(actor_id, 'fed:' || fed_actor_id::text) as actor, read_at,
          created_at, post_snippet, comment_snippet
        from user_activity where recipient_id = ${recipientId} and not held
          and ${notHidden(sql`type`, hidden)}
          and ${shownActor(recipientId, sql`actor_id`)}
          and ${postStillSeen(recipientId, sql`post_id`)}
        order by created_at desc limit ${RECENT_ROWS}
      ) recent
      group by group_type, post_id, note_id, action_id
      order by last_event_at desc
      limit ${MAX_GROUPS}`,
  );
}

export async function actorsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(profiles).where(inArray(profiles.userId, ids));
}

/** People elsewhere, as the Activity page names them. */
export async function remoteActorsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: fedActors.id,
      name: fedActors.name,
      handle: fedActors.handle,
      iconUrl: fedActors.iconUrl,
    })
    .from(fedActors)
    .where(inArray(fedActors.id, ids));
}

/** The pages on their servers of the posts from elsewhere that mention the recipient. */
export async function notesForGroups(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: fedNotes.id, url: fedNotes.url, uri: fedNotes.uri })
    .from(fedNotes)
    .where(inArray(fedNotes.id, ids));
}

export async function postsForGroups(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: posts.id,
      slug: posts.slug,
      content: posts.content,
      contentWarning: posts.contentWarning,
      deletedAt: posts.deletedAt,
      username: profiles.username,
      defaultUsername: profiles.defaultUsername,
      emailAddress: profiles.emailAddress,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(inArray(posts.id, ids));
}

export interface GroupKey {
  groupType: ActivityGroupType;
  postId: string | null;
  noteId?: string | null | undefined;
  actionId?: string | null | undefined;
}

export async function markRead(db: Db, recipientId: string, group: GroupKey | null): Promise<void> {
  const groupMatch = group
    ? and(
        sql`${groupType} = ${group.groupType}`,
        group.postId ? eq(userActivity.postId, group.postId) : isNull(userActivity.postId),
        sql`${noteKey} is not distinct from ${group.noteId ?? null}`,
        sql`${userActivity.actionId} is not distinct from ${group.actionId ?? null}`,
      )
    : undefined;
  await db
    .update(userActivity)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(userActivity.recipientId, recipientId),
        isNull(userActivity.readAt),
        eq(userActivity.held, false),
        groupMatch,
      ),
    );
}
