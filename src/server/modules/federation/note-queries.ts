// The SQL of posts from elsewhere and our people's likes of them (docs/federation.md "Posts from
// elsewhere"): kept by URI, listed per author newest first, merged into a reader's home feed from
// the people elsewhere they follow, with what those people boosted.
import { and, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import {
  fedActors,
  fedFollowing,
  fedNoteLikes,
  fedNotes,
  type RemoteImage,
} from "../../db/schema/federation";
import { notMutedBy, notSuspended } from "../../policy/visibility";
import type { FirstFeedKeys } from "../../ports/federation";
import {
  FIRST_PAGE_CTES,
  type FirstPageCtes,
  firstPageCtes,
  firstRepostKeysPart,
  timelineRepostKeys,
} from "../posts/feed-parts";
import { noteRepostsCount, repostedByViewer } from "./note-repost-queries";

export interface NoteFields {
  uri: string;
  actorId: string;
  text: string;
  /** Its content warning, as text; none when left out (docs/federation.md "Content warnings"). */
  summary?: string | null;
  /** Its images are to be blurred until clicked (false when left out). */
  sensitive?: boolean;
  url: string | null;
  inReplyTo: string | null;
  /** The post of ours it replies to. */
  localPostId: string | null;
  publishedAt: Date;
  /** Its images as it named them, fetched later (remote-media.ts). */
  attachments: RemoteImage[];
  /** What it quotes (quote-in.ts): the object's id as sent, and our post's id when it is ours. */
  quoteUri?: string | null;
  quotePostId?: string | null;
  /** The FEP-044f authorization it carried for that quote, from the quoted post's server. */
  quoteAuthorizationUri?: string | null;
}

/** Stores a post unless its URI is known; its id, and whether it is new. */
export async function insertNote(db: Db, note: NoteFields): Promise<string | null> {
  const [row] = await db
    .insert(fedNotes)
    .values(note)
    .onConflictDoNothing({ target: fedNotes.uri })
    .returning({ id: fedNotes.id });
  return row?.id ?? null;
}

/** A followed person's post with nothing written beside it (no images, replying to nothing of
 * ours): a statement of its own, prepared and sent on the hot connections (db/prepared.ts), since
 * one arrives with nearly every activity. */
const followedNotePut = preparedPer((db) =>
  db
    .insert(fedNotes)
    .values({
      uri: sql.placeholder("uri"),
      actorId: sql.placeholder("actorId"),
      text: sql.placeholder("text"),
      summary: sql.placeholder("summary"),
      sensitive: sql.placeholder("sensitive"),
      url: sql.placeholder("url"),
      inReplyTo: sql.placeholder("inReplyTo"),
      publishedAt: sql.placeholder("publishedAt"),
      quoteUri: sql.placeholder("quoteUri"),
      quotePostId: sql.placeholder("quotePostId"),
      quoteAuthorizationUri: sql.placeholder("quoteAuthorizationUri"),
    })
    .onConflictDoNothing({ target: fedNotes.uri })
    .returning({ id: fedNotes.id })
    .prepare("fed_followed_note_insert"),
);

/** `insertNote` of a post with no images that replies to nothing of ours. */
export async function insertFollowedNote(
  db: Db,
  note: Omit<NoteFields, "localPostId" | "attachments">,
): Promise<string | null> {
  const [row] = await followedNotePut(db).execute({
    uri: note.uri,
    actorId: note.actorId,
    text: note.text,
    summary: note.summary ?? null,
    sensitive: note.sensitive ?? false,
    url: note.url,
    inReplyTo: note.inReplyTo,
    publishedAt: note.publishedAt,
    quoteUri: note.quoteUri ?? null,
    quotePostId: note.quotePostId ?? null,
    quoteAuthorizationUri: note.quoteAuthorizationUri ?? null,
  });
  return row?.id ?? null;
}

/** A post already kept, by its URI. */
export async function noteByUri(db: Db, uri: string) {
  const [row] = await db
    .select({ id: fedNotes.id, actorId: fedNotes.actorId, media: fedNotes.media })
    .from(fedNotes)
    .where(eq(fedNotes.uri, uri));
  return row;
}

/** Replaces a post's text and its warning, if its author is `actorId`; its id when it did. */
export async function updateNote(
  db: Db,
  {
    uri,
    actorId,
    ...change
  }: {
    uri: string;
    actorId: string;
    text: string;
    summary: string | null;
    sensitive: boolean;
    updatedAt: Date;
  },
): Promise<string | null> {
  const [row] = await db
    .update(fedNotes)
    .set(change)
    .where(and(eq(fedNotes.uri, uri), eq(fedNotes.actorId, actorId)))
    .returning({ id: fedNotes.id });
  return row?.id ?? null;
}

/** Deletes a post, if its author is `actorId`; what it was (the post of ours it replied to). */
export async function deleteNote(db: Db, { uri, actorId }: { uri: string; actorId: string }) {
  const [row] = await db
    .delete(fedNotes)
    .where(and(eq(fedNotes.uri, uri), eq(fedNotes.actorId, actorId)))
    .returning({ id: fedNotes.id, localPostId: fedNotes.localPostId });
  return row ?? null;
}

/** Our people who follow the actor (accepted). */
/** Read for every post that arrives: a hot read (db/prepared.ts). */
const followersHere = preparedPer((db) =>
  db
    .select({ userId: fedFollowing.userId })
    .from(fedFollowing)
    .where(
      and(eq(fedFollowing.actorId, sql.placeholder("actorId")), eq(fedFollowing.state, "accepted")),
    )
    .prepare("fed_local_followers"),
);

export async function localFollowersOf(db: Db, actorId: string): Promise<string[]> {
  const rows = await followersHere(db).execute({ actorId });
  return rows.map((r) => r.userId);
}

export interface NoteKey {
  id: string;
  createdAt: Date;
}

/** The newest `limit` posts (not replies) of the people elsewhere the reader follows, what they
 * boosted (by the boost's time), what the reader and the people here they follow (not muted, not
 * suspended) reposted of posts from elsewhere (by the repost's time: docs/feed.md "Reposts and
 * quotes"), and the posts from elsewhere with a tag the reader follows, before
 * the cursor: one short index range per person, kind and tag, as the local merge does
 * (docs/feed.md), each post once. A boost or a tagged post is left out when the reader follows its
 * author (the post is there already), blocks them or is blocked by them, or when a moderator
 * silenced or suspended the author's server (its posts reach only their own followers:
 * docs/federation.md "Domain blocks"). */
export async function remoteFeedKeys(
  db: Db,
  {
    viewerId,
    limit,
    cursor,
  }: { viewerId: string; limit: number; cursor: { at: Date; id: string } | null },
): Promise<NoteKey[]> {
  const rows = await queryRows<RemoteKeyRow>(db, remoteFeedKeysQuery(viewerId, limit, cursor));
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt) }));
}

interface RemoteKeyRow {
  id: string;
  createdAt: Date | string;
}

/** A post `n` by `a` that the reader (`reader`, their id) is shown beside their followees' own:
 * not by someone they follow (the post is there already), block or are blocked by, nor from a
 * silenced or suspended server. */
const besideFollowees = (reader: SQL | Placeholder) =>
  sql`not exists (select 1 from fed_blocks x
                where x.user_id = ${reader} and x.actor_id = n.actor_id)
              and not exists (select 1 from fed_blocked_by y
                where y.user_id = ${reader} and y.actor_id = n.actor_id)
              and not exists (select 1 from fed_following g where g.user_id = ${reader}
                and g.actor_id = n.actor_id and g.state = 'accepted')
              and not exists (select 1 from fed_domain_blocks d
                where d.host = a.host and d.severity in ('silence', 'suspend'))`;

/** The reader's reposts of posts from elsewhere for the first page, from their timeline
 * (docs/feed.md "Reposts in the timelines"), by the same rule as the per-followee merge below. */
const firstNoteRepostKeys = (viewer: Placeholder, limit: Placeholder, ctes: FirstPageCtes) =>
  sql`select r.id, r.created_at from (${timelineRepostKeys(
    viewer,
    limit,
    "note",
    {
      join: sql`join fed_note_reposts r on r.id = s.repost_id
      join fed_notes n on n.id = r.note_id join fed_actors a on a.id = n.actor_id`,
      where: besideFollowees(viewer),
      columns: sql``,
    },
    ctes,
  )}) r`;

/** Our followees' reposts of posts from elsewhere, merged per followee (pages after the first). */
function mergedNoteRepostKeys(
  viewer: string | Placeholder,
  limit: number | Placeholder,
  before: (at: string, id: string) => SQL,
): SQL {
  return sql`select r.id, r.at
          from (
            select following_id as uid, follower_id as user_id from followers
            where follower_id = ${viewer} and ${notMutedBy(viewer, sql`following_id`)}
              and ${notSuspended(sql`following_id`)}
            union all select ${viewer}::text, ${viewer}::text
          ) fr
          cross join lateral (
            select r.id, r.created_at as at from fed_note_reposts r
            join fed_notes n on n.id = r.note_id
            join fed_actors a on a.id = n.actor_id
            where r.user_id = fr.uid ${before("r.created_at", "r.id")}
              and ${besideFollowees(sql.raw("fr.user_id"))}
            order by r.created_at desc, r.id desc
            limit ${limit}
          ) r`;
}

/** The posts from elsewhere for a page of the reader's feed before the cursor. Our followees'
 * reposts of such posts are `noteReposts` when given (the first page's, from the reader's
 * timeline: firstNoteRepostKeys), else merged per followee. */
function remoteFeedKeysQuery(
  viewer: string | Placeholder,
  limit: number | Placeholder,
  cursor: { at: Date; id: string } | null,
  noteReposts?: SQL,
): SQL {
  const before = (at: string, id: string) =>
    cursor ? sql`and (${sql.raw(at)}, ${sql.raw(id)}) < (${cursor.at}, ${cursor.id}::uuid)` : sql``;
  return sql`select k.id, max(k.at) as "createdAt" from (
          select n.id, n.at
          from fed_following f
          cross join lateral (
            select id, published_at as at from fed_notes n
            where n.actor_id = f.actor_id and n.in_reply_to is null
              ${before("n.published_at", "n.id")}
            order by n.published_at desc, n.id desc
            limit ${limit}
          ) n
          where f.user_id = ${viewer} and f.state = 'accepted'
          union all
          select b.id, b.at
          from fed_following f
          cross join lateral (
            select b.id, b.published_at as at from fed_boosts b
            join fed_notes n on n.id = b.note_id
            join fed_actors a on a.id = n.actor_id
            where b.actor_id = f.actor_id ${before("b.published_at", "b.id")}
              and ${besideFollowees(sql.raw("f.user_id"))}
            order by b.published_at desc, b.id desc
            limit ${limit}
          ) b
          where f.user_id = ${viewer} and f.state = 'accepted'
          union all
          select t.id, t.at
          from tag_follows tf
          cross join lateral (
            select t.note_id as id, t.published_at as at from fed_note_tags t
            join fed_notes n on n.id = t.note_id
            join fed_actors a on a.id = n.actor_id
            where t.tag = tf.tag ${before("t.published_at", "t.note_id")}
              and ${besideFollowees(sql.raw("tf.user_id"))}
            order by t.published_at desc, t.note_id desc
            limit ${limit}
          ) t
          where tf.user_id = ${viewer}
          union all
          ${noteReposts ?? mergedNoteRepostKeys(viewer, limit, before)}
        ) k
        group by k.id
        order by max(k.at) desc, k.id desc
        limit ${limit}`;
}

/** The first page's keys of every kind, which every feed cache miss reads: the reader's timeline
 * and their followees' reposts (the posts module's parts, posts/feed-parts.ts, over the CTEs of
 * whom the reader follows that it defines once) and the posts from elsewhere, each its newest
 * `limit`, united in one statement and prepared, so a read sends one
 * statement for its keys, which PostgreSQL plans once per connection (db/prepared.ts; docs/feed.md
 * "The first page in one statement"). */
const firstFeedAll = preparedPer((db) => {
  const viewer = sql.placeholder("viewer");
  const limit = sql.placeholder("limit");
  const ctes = FIRST_PAGE_CTES;
  return db
    .select({
      kind: sql<FirstKeyKind>`k.kind`,
      id: sql<string>`k.id`,
      at: sql<Date | string>`k.at`,
      repostOf: sql<string | null>`k.repost_of`,
    })
    .from(
      sql`(
        with ${firstPageCtes(viewer, limit)}
        (select 'own' as kind, t.id, t.created_at as at, null::uuid as repost_of
          from ${ctes.own} t)
        union all
        (select 'repost', r.id, r.created_at, r.post_id
          from (${firstRepostKeysPart(viewer, limit, ctes)}) r)
        union all
        (select 'remote', n.id, n."createdAt", null
          from (${remoteFeedKeysQuery(viewer, limit, null, firstNoteRepostKeys(viewer, limit, ctes))}) n)
      ) k`,
    )
    .prepare("feed_first_all");
});

type FirstKeyKind = "own" | "repost" | "remote";

/** The first page's keys of every kind, newest first within each (ports/federation.ts). */
export async function firstFeedKeys(
  db: Db,
  { viewerId, limit }: { viewerId: string; limit: number },
): Promise<FirstFeedKeys> {
  const keys: FirstFeedKeys = { own: [], reposts: [], remote: [] };
  for (const row of await firstFeedAll(db).execute({ viewer: viewerId, limit })) {
    const key = { id: row.id, createdAt: new Date(row.at) };
    if (row.kind === "own") keys.own.push(key);
    else if (row.kind === "remote") keys.remote.push(key);
    else if (row.repostOf) keys.reposts.push({ ...key, repostOf: row.repostOf });
  }
  return keys;
}

/** One person's posts (not replies), newest first, before the cursor. */
export function noteKeysOf(
  db: Db,
  {
    actorId,
    limit,
    cursor,
  }: { actorId: string; limit: number; cursor: { at: Date; id: string } | null },
): Promise<NoteKey[]> {
  return db
    .select({ id: fedNotes.id, createdAt: fedNotes.publishedAt })
    .from(fedNotes)
    .where(
      and(
        eq(fedNotes.actorId, actorId),
        sql`${fedNotes.inReplyTo} is null`,
        cursor
          ? sql`(${fedNotes.publishedAt}, ${fedNotes.id}) < (${cursor.at}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(fedNotes.publishedAt), desc(fedNotes.id))
    .limit(limit);
}

/** The posts with their authors and whether the viewer likes each. */
export function notesByIds(db: Db, { ids, viewerId }: { ids: string[]; viewerId: string }) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: fedNotes.id,
      uri: fedNotes.uri,
      text: fedNotes.text,
      summary: fedNotes.summary,
      sensitive: fedNotes.sensitive,
      url: fedNotes.url,
      publishedAt: fedNotes.publishedAt,
      updatedAt: fedNotes.updatedAt,
      likesCount: fedNotes.likesCount,
      actorId: fedActors.id,
      actorUri: fedActors.uri,
      handle: fedActors.handle,
      name: fedActors.name,
      iconMediaUrl: fedActors.iconMediaUrl,
      media: fedNotes.media,
      quoteUri: fedNotes.quoteUri,
      quotePostId: fedNotes.quotePostId,
      quoteDetached: sql<boolean>`${fedNotes.quoteDetachedAt} is not null`,
      likedByMe: sql<boolean>`exists (select 1 from ${fedNoteLikes} l
        where l.note_id = ${fedNotes.id} and l.user_id = ${viewerId})`,
      repostsCount: noteRepostsCount,
      repostedByMe: repostedByViewer(viewerId),
    })
    .from(fedNotes)
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .where(inArray(fedNotes.id, ids));
}

export type NoteRow = Awaited<ReturnType<typeof notesByIds>>[number];

/** Records the viewer's like (false when they already liked it), moving the count with it. */
export async function insertNoteLike(
  db: Db,
  { noteId, userId, likeUri }: { noteId: string; userId: string; likeUri: string },
): Promise<boolean> {
  const inserted = await db
    .insert(fedNoteLikes)
    .values({ noteId, userId, likeUri })
    .onConflictDoNothing()
    .returning({ noteId: fedNoteLikes.noteId });
  if (inserted.length === 0) return false;
  await db
    .update(fedNotes)
    .set({ likesCount: sql`${fedNotes.likesCount} + 1` })
    .where(eq(fedNotes.id, noteId));
  return true;
}

/** Removes the viewer's like, moving the count with it; the Like's URI, when there was one. */
export async function deleteNoteLike(
  db: Db,
  { noteId, userId }: { noteId: string; userId: string },
): Promise<string | null> {
  const [removed] = await db
    .delete(fedNoteLikes)
    .where(and(eq(fedNoteLikes.noteId, noteId), eq(fedNoteLikes.userId, userId)))
    .returning({ likeUri: fedNoteLikes.likeUri });
  if (!removed) return null;
  await db
    .update(fedNotes)
    .set({ likesCount: sql`${fedNotes.likesCount} - 1` })
    .where(eq(fedNotes.id, noteId));
  return removed.likeUri;
}

export async function noteById(db: Db, id: string) {
  const [row] = await db
    .select({ id: fedNotes.id, uri: fedNotes.uri, actorId: fedNotes.actorId })
    .from(fedNotes)
    .where(eq(fedNotes.id, id));
  return row;
}

/** The URIs of those of `ids` that are the actor's posts. */
export async function noteUrisOf(
  db: Db,
  { actorId, ids }: { actorId: string; ids: string[] },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ uri: fedNotes.uri })
    .from(fedNotes)
    .where(and(eq(fedNotes.actorId, actorId), inArray(fedNotes.id, ids)));
  return rows.map((r) => r.uri);
}

/** Posts from elsewhere as quote cards show them (docs/federation.md "Quotes"), with their
 * authors, and whether the reader may not be shown them: they block its author or are blocked by
 * them, or a moderator silenced or suspended its server (a signed-out reader: the server alone). */
function quotedNotes(db: Db, viewerId: string | null) {
  const blocked = viewerId
    ? sql`exists (select 1 from fed_blocks x
          where x.user_id = ${viewerId} and x.actor_id = ${fedActors.id})
        or exists (select 1 from fed_blocked_by y
          where y.user_id = ${viewerId} and y.actor_id = ${fedActors.id}) or`
    : sql``;
  return db
    .select({
      id: fedNotes.id,
      uri: fedNotes.uri,
      url: fedNotes.url,
      text: fedNotes.text,
      summary: fedNotes.summary,
      sensitive: fedNotes.sensitive,
      publishedAt: fedNotes.publishedAt,
      media: fedNotes.media,
      actorId: fedActors.id,
      handle: fedActors.handle,
      name: fedActors.name,
      iconMediaUrl: fedActors.iconMediaUrl,
      hidden: sql<boolean>`(${blocked} exists (select 1 from fed_domain_blocks d
          where d.host = ${fedActors.host} and d.severity in ('silence', 'suspend')))`,
    })
    .from(fedNotes)
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId));
}

export type QuotedNoteRow = Awaited<ReturnType<typeof quotedNotesById>>[number];

/** The posts from elsewhere at these URIs that posts from elsewhere quote. */
export function quotedNotesByUri(db: Db, { uris, viewerId }: { uris: string[]; viewerId: string }) {
  if (uris.length === 0) return Promise.resolve([]);
  return quotedNotes(db, viewerId).where(inArray(fedNotes.uri, uris));
}

/** The posts from elsewhere with these ids that our posts quote. */
export function quotedNotesById(
  db: Db,
  { ids, viewerId }: { ids: string[]; viewerId: string | null },
) {
  if (ids.length === 0) return Promise.resolve([]);
  return quotedNotes(db, viewerId).where(inArray(fedNotes.id, ids));
}

/** A kept post from elsewhere that quotes one of our posts: what taking that post out needs. */
export async function noteQuotingOurs(db: Db, noteId: string) {
  const [row] = await db
    .select({
      id: fedNotes.id,
      uri: fedNotes.uri,
      actorId: fedNotes.actorId,
      quotePostId: fedNotes.quotePostId,
      detached: sql<boolean>`${fedNotes.quoteDetachedAt} is not null`,
    })
    .from(fedNotes)
    .where(and(eq(fedNotes.id, noteId), sql`${fedNotes.quotePostId} is not null`));
  return row;
}

/** Takes the quoted post out of a kept post's quote; false when it was out already. */
export async function markNoteQuoteDetached(db: Db, { noteId, at }: { noteId: string; at: Date }) {
  const rows = await db
    .update(fedNotes)
    .set({ quoteDetachedAt: at })
    .where(and(eq(fedNotes.id, noteId), isNull(fedNotes.quoteDetachedAt)))
    .returning({ id: fedNotes.id });
  return rows.length > 0;
}

/** The kept posts whose quote the authorization `uri` allowed, now withdrawn by its server
 * (`origin`, whose signature the library checked): their ids. */
export async function detachByAuthorization(
  db: Db,
  { uri, origin, at }: { uri: string; origin: string; at: Date },
): Promise<string[]> {
  if (new URL(uri).origin !== origin) return [];
  const rows = await db
    .update(fedNotes)
    .set({ quoteDetachedAt: at })
    .where(and(eq(fedNotes.quoteAuthorizationUri, uri), isNull(fedNotes.quoteDetachedAt)))
    .returning({ id: fedNotes.id });
  return rows.map((r) => r.id);
}
