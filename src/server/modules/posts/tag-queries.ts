// SQL for hashtags (docs/feed.md "Hashtags", docs/search.md "Trending tags"): a post's tags written
// with it, a tag's page read through the post visibility rule (policy/visibility.ts seesPostsOf),
// tag follows, the header search's suggestions and the last day's trending tags.
import { and, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore, newestFirst } from "../../db/keyset";
import { posts } from "../../db/schema/posts";
import { postTags, tagFollows, tags } from "../../db/schema/tags";
import { notMutedBy, notSuspended, seesPostsOf, type Viewer } from "../../policy/visibility";

/** A tag as written: its key and the form it was first written in. */
export interface TagName {
  key: string;
  name: string;
}

/** Makes the post's tags these (none removes them all): new tags are created in the form first
 * written, tags no longer in the text are taken off. The post's author and time come from its row. */
export async function setPostTags(
  tx: Db,
  { postId, tags: written }: { postId: string; tags: TagName[] },
): Promise<void> {
  const keys = written.map((t) => t.key);
  await tx
    .delete(postTags)
    .where(
      and(
        eq(postTags.postId, postId),
        keys.length ? sql`${postTags.tag} <> all(${sql.param(keys)}::text[])` : undefined,
      ),
    );
  if (written.length === 0) return;
  await tx
    .insert(tags)
    .values(written.map((t) => ({ name: t.key, display: t.name })))
    .onConflictDoNothing();
  await tx.execute(
    sql`insert into ${postTags} (post_id, tag, user_id, created_at)
        select p.id, k.tag, p.user_id, p.created_at
        from posts p cross join unnest(${sql.param(keys)}::text[]) as k(tag)
        where p.id = ${postId}
        on conflict do nothing`,
  );
}

/** Takes a deleted post off every tag's page. */
export async function deletePostTags(tx: Db, postId: string): Promise<void> {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
}

/** A live post by the author the viewer may see and has not muted (`author` a column). */
const visibleTaggedPost = (viewer: Viewer, author: SQL) =>
  sql`(${seesPostsOf(viewer, author)} and ${notMutedBy(viewer, author)})`;

/** A tag page's keys: live posts with the tag that the viewer may see, newest first, `limit` and
 * one more (post_tags_tag_created_idx). */
export async function tagPostKeys(
  db: Db,
  {
    tag,
    viewerId,
    limit,
    cursor,
  }: { tag: string; viewerId: string | null; limit: number; cursor: Cursor | null },
): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: postTags.postId, createdAt: postTags.createdAt })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(
      and(
        eq(postTags.tag, tag),
        isNull(posts.deletedAt),
        visibleTaggedPost(viewerId, sql`${posts.userId}`),
        keysetBefore({ at: postTags.createdAt, id: postTags.postId, idType: "uuid" }, cursor),
      ),
    )
    .orderBy(newestFirst(postTags.createdAt), newestFirst(postTags.postId))
    .limit(limit + 1);
}

/** The tag's display form, how many live posts carry it, whether the viewer follows it and
 * whether moderators keep it out of trending; undefined for a tag nobody has written. */
export async function findTag(db: Db, { tag, viewerId }: { tag: string; viewerId: string | null }) {
  const [row] = await queryRows<{
    name: string;
    display: string;
    posts_count: number;
    following: boolean;
    hidden: boolean;
  }>(
    db,
    sql`select t.name, t.display, t.hidden_from_trending_at is not null as hidden,
          (select count(*)::int from post_tags pt join posts p on p.id = pt.post_id
            where pt.tag = t.name and p.deleted_at is null) as posts_count,
          exists (select 1 from tag_follows f where f.user_id = ${viewerId} and f.tag = t.name) as following
        from tags t where t.name = ${tag}`,
  );
  return row;
}

/** Follows the tag, creating it in this form when nobody has written it yet; again is no change. */
export async function insertTagFollow(db: Db, { userId, tag }: { userId: string; tag: TagName }) {
  await db.insert(tags).values({ name: tag.key, display: tag.name }).onConflictDoNothing();
  await db.insert(tagFollows).values({ userId, tag: tag.key }).onConflictDoNothing();
}

export async function deleteTagFollow(db: Db, { userId, tag }: { userId: string; tag: string }) {
  await db.delete(tagFollows).where(and(eq(tagFollows.userId, userId), eq(tagFollows.tag, tag)));
}

/** Which of these readers follow one of the tags and may see the author's posts (not muted): the
 * cached feed pages a new post with those tags enters (posts/feed-cache.ts). A post from elsewhere
 * has no author here: its key query leaves out what a reader may not see. */
export async function tagFollowersAmong(
  db: Db,
  { tags: keys, authorId, readerIds }: { tags: string[]; authorId?: string; readerIds: string[] },
): Promise<string[]> {
  if (keys.length === 0 || readerIds.length === 0) return [];
  const seen = authorId
    ? sql`and ${visibleTaggedPost(sql`f.user_id`, sql`${authorId}::text`)}`
    : sql``;
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct f.user_id from tag_follows f
        where f.tag = any(${sql.param(keys)}::text[]) and f.user_id = any(${sql.param(readerIds)}::text[])
          ${seen}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * For the home feed's reads (queries.ts, timeline-queries.ts): the newest live posts before the
 * cursor (after `since`, when given) of each tag the reader follows, by authors the reader may see
 * and has not muted, at most `limit` a tag, as (id, created_at) rows: one range of
 * post_tags_tag_created_idx per followed tag, and one index probe on tag_follows for a reader who
 * follows none.
 */
export function followedTagKeys(
  viewer: Viewer,
  limit: number | Placeholder,
  { cursor, since }: { cursor: Cursor | null; since?: SQL },
): SQL {
  const before = keysetBefore(
    { at: sql`pt.created_at`, id: sql`pt.post_id`, idType: "uuid" },
    cursor,
  );
  return sql`select p.id, p.created_at from tag_follows tf
    cross join lateral (
      select pt.post_id as id, pt.created_at from post_tags pt
      join posts p on p.id = pt.post_id
      where pt.tag = tf.tag and p.deleted_at is null
        and ${visibleTaggedPost(viewer, sql`p.user_id`)}
        ${before ? sql`and ${before}` : sql``} ${since ? sql`and pt.created_at > ${since}` : sql``}
      order by pt.created_at desc nulls last, pt.post_id desc nulls last
      limit ${limit}
    ) p
    where tf.user_id = ${viewer}`;
}

/** The header search's tags: those whose key starts with `prefix`, most used first. */
export async function tagsStartingWith(
  db: Db,
  { prefix, limit }: { prefix: string; limit: number },
) {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<{ name: string; display: string; posts_count: number }>(
    db,
    sql`select t.name, t.display, c.posts_count from tags t
        cross join lateral (select count(*)::int as posts_count from post_tags pt where pt.tag = t.name) c
        where t.name like ${pattern} and c.posts_count > 0
        order by c.posts_count desc, t.name
        limit ${limit}`,
  );
}

/** The tags written by the most distinct people since `since`, not hidden by a moderator. */
export async function trendingTags(db: Db, { since, limit }: { since: Date; limit: number }) {
  return queryRows<{ name: string; display: string; people: number }>(
    db,
    sql`select t.name, t.display, u.people from (
          select pt.tag, count(distinct pt.user_id)::int as people from post_tags pt
          where pt.created_at > ${since} and ${notSuspended(sql`pt.user_id`)}
          group by pt.tag
        ) u
        join tags t on t.name = u.tag and t.hidden_from_trending_at is null
        order by u.people desc, t.name
        limit ${limit}`,
  );
}

/** Keeps the tag out of trending (`hidden`) or lets it back; true when it changed. */
export async function setTagHidden(
  db: Db,
  { tag, hidden }: { tag: string; hidden: boolean },
): Promise<boolean> {
  const rows = await db
    .update(tags)
    .set({ hiddenFromTrendingAt: hidden ? new Date() : null })
    .where(
      and(
        eq(tags.name, tag),
        hidden ? isNull(tags.hiddenFromTrendingAt) : sql`${tags.hiddenFromTrendingAt} is not null`,
      ),
    )
    .returning({ name: tags.name });
  return rows.length > 0;
}
