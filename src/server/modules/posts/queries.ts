// SQL for posts: feed ids (timelines, or merged per followee), hydration, writes, likes, views.
import { and, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { QuoteCardView } from "../../../domain/contracts/posts";
import type { WhoMay } from "../../../domain/reply-controls";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { type Cursor, keysetBefore, newestFirst } from "../../db/keyset";
import { preparedPer } from "../../db/prepared";
import { onReplica } from "../../db/read-routing";
import { linkPreviews } from "../../db/schema/link-previews";
import { type PostImage, postLikes, posts, postViews } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { postReposts } from "../../db/schema/reposts";
import { notMutedBy, notSuspended, seesPostsOf } from "../../policy/visibility";
import { personColumns } from "../profiles/person";
import type { PushTarget, ToldInStatement } from "../push/tell";
import { previewColumns } from "./link-preview-queries";
import { followedTagKeys } from "./tag-queries";

export interface PostKey {
  id: string;
  createdAt: Date;
  /** A post from another server (docs/federation.md "Posts from elsewhere"). */
  remote?: true;
  /** A repost (its id is the repost's, `createdAt` its time) of this post (docs/feed.md
   * "Reposts and quotes"). */
  repostOf?: string;
}

/** A page of post keys: whose posts, how many, from where. */
export interface KeyPage {
  limit: number;
  cursor: Cursor | null;
}

const postKey = { at: sql`p.created_at`, id: sql`p.id`, idType: "uuid" } as const;

/**
 * The home feed's ids after the first page (docs/feed.md): for each followee (and the reader),
 * the newest live posts before the cursor from the posts_user_live_idx index, at most limit+1
 * each, merged and cut. The first page reads the timeline (docs/feed.md "The first page in one
 * statement").
 */
export async function feedPostKeys(
  db: Db,
  { viewerId, limit, cursor }: { viewerId: string; limit: number; cursor: Cursor },
): Promise<PostKey[]> {
  const rows = await queryRows<{ id: string; created_at: Date | string }>(
    db,
    feedKeysQuery(viewerId, limit + 1, cursor),
  );
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at) }));
}

/** The first page's keys by the merge per followee, for a reader whose timeline's days do not
 * fill it (docs/feed.md "Timelines written at post time"). */
export async function mergedFirstKeys(db: Db, viewerId: string, limit: number): Promise<PostKey[]> {
  const rows = await feedFirstKeys(db).execute({ viewer: viewerId, limit });
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at) }));
}

/** The merge per followee, with the posts of the tags the reader follows (docs/feed.md
 * "Hashtags"; `union` keeps a post met both ways once). */
function feedKeysQuery(
  viewer: string | Placeholder,
  limit: number | Placeholder,
  cursor: Cursor | null,
): SQL {
  const before = keysetBefore(postKey, cursor);
  return sql`select k.id, k.created_at from (
      (select p.id, p.created_at
      from (
        select following_id as uid from followers
        where follower_id = ${viewer} and ${notMutedBy(viewer, sql`following_id`)} and ${notSuspended(sql`following_id`)}
        union all select ${viewer}::text
      ) f
      cross join lateral (
        select p.id, p.created_at from posts p
        where p.user_id = f.uid and p.deleted_at is null ${before ? sql`and ${before}` : sql``}
        order by p.created_at desc nulls last, p.id desc nulls last
        limit ${limit}
      ) p)
      union (${followedTagKeys(viewer, limit, { cursor })})
      ) k
      order by k.created_at desc, k.id desc
      limit ${limit}`;
}

/** The first page's keys, which every feed cache miss reads: prepared (db/prepared.ts). */
const feedFirstKeys = preparedPer((db) =>
  db
    .select({ id: sql<string>`k.id`, created_at: sql<Date | string>`k.created_at` })
    .from(sql`(${feedKeysQuery(sql.placeholder("viewer"), sql.placeholder("limit"), null)}) k`)
    .prepare("feed_first_keys"),
);

export async function userPostKeys(
  db: Db,
  { userId, limit, cursor }: KeyPage & { userId: string },
): Promise<PostKey[]> {
  return db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(
      and(
        eq(posts.userId, userId),
        isNull(posts.deletedAt),
        keysetBefore({ at: posts.createdAt, id: posts.id, idType: "uuid" }, cursor),
      ),
    )
    .orderBy(newestFirst(posts.createdAt), newestFirst(posts.id))
    .limit(limit + 1);
}

/** Up to this many likes (and reposts), a loaded post carries who liked (and reposted) it, so any
 * reader's flags are known. */
export const LIKERS_KEPT = 100;

function loadStatement(db: Db) {
  return db
    .select({
      post: posts,
      author: personColumns,
      linkPreview: previewColumns,
      /** A private account's posts cannot be reposted (docs/feed.md "Reposts and quotes"). */
      authorPrivate: profiles.privateAccount,
      /** A new account's links are inert (docs/safety.md "New accounts"). */
      authorCreatedAt: profiles.createdAt,
      likers: sql<string[] | null>`case when ${posts.likesCount} <= ${sql.raw(String(LIKERS_KEPT))}
        then array(select ${postLikes.userId} from ${postLikes} where ${postLikes.postId} = ${posts.id})
        end`,
      /** Who reposted it, as `likers` (none asked of a post without reposts). */
      reposters: sql<string[] | null>`case when ${posts.repostsCount} = 0 then array[]::text[]
        when ${posts.repostsCount} <= ${sql.raw(String(LIKERS_KEPT))}
        then array(select ${postReposts.userId} from ${postReposts} where ${postReposts.postId} = ${posts.id})
        end`,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .leftJoin(linkPreviews, eq(linkPreviews.id, posts.linkPreviewId))
    .where(and(sql`${posts.id} = any(${sql.placeholder("ids")}::uuid[])`, isNull(posts.deletedAt)))
    .prepare("load_posts");
}

function likedStatement(db: Db) {
  return db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(
      and(
        eq(postLikes.userId, sql.placeholder("viewer")),
        sql`${postLikes.postId} = any(${sql.placeholder("ids")}::uuid[])`,
      ),
    )
    .prepare("liked_among");
}

/** Statements every feed and post page runs (db/prepared.ts). */
const prepared = preparedPer((db) => ({ load: loadStatement(db), liked: likedStatement(db) }));

/** The live posts among `ids` with their authors, and their likers when there are few. */
export async function loadPosts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return prepared(db).load.execute({ ids });
}

export type LoadedPost = Awaited<ReturnType<typeof loadPosts>>[number];
export type HydratedPost = Omit<LoadedPost, "likers" | "reposters"> & {
  likedByMe: boolean;
  repostedByMe: boolean;
  /** The card of the post it quotes, as the reader is shown it (hydration.ts quoteCards). */
  quote?: QuoteCardView | undefined;
};

/** Which of these posts the viewer liked. */
export async function likedAmong(
  db: Db,
  { viewerId, ids }: { viewerId: string; ids: string[] },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await prepared(db).liked.execute({ viewer: viewerId, ids });
  return rows.map((r) => r.postId);
}

/** The post page's one read: the live post at a handle (a reserved username before a default
 * one, as the profile page finds it) and slug (unique per author: posts_user_slug_key), with its
 * author, whether the viewer liked it, and whether the viewer may see its author. */
const postByPath = preparedPer((db) => {
  const handle = sql.placeholder("handle");
  const viewer = sql.placeholder("viewer");
  return db
    .select({
      post: posts,
      author: personColumns,
      linkPreview: previewColumns,
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer})`,
      authorPrivate: profiles.privateAccount,
      authorCreatedAt: profiles.createdAt,
      repostedByMe: sql<boolean>`exists (select 1 from ${postReposts} where ${postReposts.postId} = ${posts.id} and ${postReposts.userId} = ${viewer})`,
      visible: seesPostsOf(viewer, posts.userId),
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .leftJoin(linkPreviews, eq(linkPreviews.id, posts.linkPreviewId))
    .where(
      and(
        sql`${posts.userId} = (select ${profiles.userId} from ${profiles}
          where lower(${profiles.username}) = ${handle} or lower(${profiles.defaultUsername}) = ${handle}
          order by (lower(${profiles.username}) = ${handle}) is true desc limit 1)`,
        eq(posts.slug, sql.placeholder("slug")),
        isNull(posts.deletedAt),
      ),
    )
    .limit(1)
    .prepare("post_by_path");
});

/** A read a replica may serve (db/read-routing.ts). */
export async function findPostByPath(
  db: Db,
  input: { handle: string; slug: string; viewerId: string | null },
): Promise<(HydratedPost & { visible: boolean }) | undefined> {
  const [row] = await onReplica(db, (on) =>
    postByPath(on).execute({ ...input, viewer: input.viewerId }),
  );
  return row;
}

/** A live post's author and whether the viewer may see them: the comments page's check. */
const visibleLivePost = preparedPer((db) => {
  const viewer = sql.placeholder("viewer");
  return db
    .select({ userId: posts.userId, visible: seesPostsOf(viewer, posts.userId) })
    .from(posts)
    .where(and(eq(posts.id, sql.placeholder("postId")), isNull(posts.deletedAt)))
    .prepare("visible_live_post");
});

/** A read a replica may serve (db/read-routing.ts). */
export async function findVisibleLivePost(
  db: Db,
  input: { postId: string; viewerId: string | null },
): Promise<{ userId: string; visible: boolean } | undefined> {
  const [row] = await onReplica(db, (on) =>
    visibleLivePost(on).execute({ postId: input.postId, viewer: input.viewerId }),
  );
  return row;
}

export async function findLivePost(db: Db, postId: string) {
  const [row] = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      content: posts.content,
      contentWarning: posts.contentWarning,
      images: posts.images,
      imageSensitive: posts.imageSensitive,
      quoteNoteId: posts.quoteNoteId,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  return row;
}

/** Whether any post of the person (deleted ones too) holds the image at this URL. */
export async function showsImage(
  db: Db,
  { userId, url }: { userId: string; url: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(eq(posts.userId, userId), sql`${posts.images} @> ${JSON.stringify([{ url }])}::jsonb`),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts the post unless its author already has a post at this slug; true when inserted. */
export async function insertPost(
  db: Db,
  values: {
    id: string;
    userId: string;
    content: string;
    contentWarning: string | null;
    images: PostImage[];
    imageSensitive: boolean;
    linkPreviewId: string | null;
    quoteOf: string | null;
    quoteNoteId: string | null;
    replyPolicy: WhoMay;
    slug: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(posts)
    .values(values)
    .onConflictDoNothing({ target: [posts.userId, posts.slug] })
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Replaces a live post's text, and its warning and image flag (the author's, as the where clause
 * also checks). */
export async function updatePostContent(
  db: Db,
  change: {
    postId: string;
    authorId: string;
    content: string;
    contentWarning: string | null;
    imageSensitive: boolean;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .update(posts)
    .set({
      content: change.content,
      contentWarning: change.contentWarning,
      imageSensitive: change.imageSensitive,
      updatedAt: change.updatedAt,
    })
    .where(
      and(eq(posts.id, change.postId), eq(posts.userId, change.authorId), isNull(posts.deletedAt)),
    );
}

/** Sets who may comment on a live post of the author's; false when there is none. */
export async function updateReplyPolicy(
  db: Db,
  change: { postId: string; authorId: string; replyPolicy: WhoMay },
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ replyPolicy: change.replyPolicy })
    .where(
      and(eq(posts.id, change.postId), eq(posts.userId, change.authorId), isNull(posts.deletedAt)),
    )
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Deletes the live post; what it quoted (and whether detached), or null when it was not live
 * (a concurrent deletion got there first). */
export async function softDeletePost(
  db: Db,
  { postId, authorId }: { postId: string; authorId: string },
): Promise<{ quoteOf: string | null; quoteDetached: boolean } | null> {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.userId, authorId), isNull(posts.deletedAt)))
    .returning({ quoteOf: posts.quoteOf, quoteDetached: posts.quoteDetached });
  return row ?? null;
}

/** Adds to a live post's like or comment counter; null when the post is gone. */
export async function bumpPostCounter(
  db: Db,
  postId: string,
  column: "likes" | "comments",
  delta: number,
) {
  const target = column === "likes" ? posts.likesCount : posts.commentsCount;
  const [row] = await db
    .update(posts)
    .set(
      column === "likes"
        ? { likesCount: sql`${target} + ${delta}` }
        : { commentsCount: sql`${target} + ${delta}` },
    )
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ count: target, userId: posts.userId, content: posts.content });
  return row ?? null;
}

/** One person's like of one post. */
export interface LikeKey {
  postId: string;
  userId: string;
}

/**
 * The spec's toggle_post_like in one statement: the post found live and visible to the liker
 * (policy/visibility.ts seesPostsOf), the like removed when there was one and added otherwise, the
 * post's counter moved by what changed, and for a like added, the author's notice written and
 * their browsers read (`told`). Null when the post is gone or hidden from the liker. Neither
 * removed nor added: a concurrent request of the same person liked it first. The counter's row
 * lock orders concurrent likes of one post, so `likes_count` always equals the rows
 * (docs/performance.md "Posts, likes and follows").
 */
export async function toggleLikeRow(
  db: Db,
  { postId, userId }: LikeKey,
  told: ToldInStatement,
): Promise<{
  liked: boolean;
  unliked: boolean;
  count: number;
  authorId: string;
  noticed: boolean;
  targets: PushTarget[];
} | null> {
  const [row] = await queryRows<{
    liked: boolean;
    unliked: boolean;
    count: number;
    user_id: string;
    noticed: boolean;
    targets: PushTarget[];
  }>(
    db,
    sql`with target as (
        select p.id, p.user_id from ${posts} p
        where p.id = ${postId} and p.deleted_at is null and ${seesPostsOf(userId, sql`p.user_id`)}
      ),
      removed as (
        delete from ${postLikes} l using target t where l.post_id = t.id and l.user_id = ${userId}
        returning 1
      ),
      added as (
        insert into ${postLikes} (post_id, user_id)
        select t.id, ${userId} from target t where not exists (select 1 from removed)
        on conflict do nothing
        returning 1
      ),
      noticed as (${told.notice({
        source: sql`target t`,
        recipient: sql`t.user_id`,
        postId: sql`t.id`,
        when: sql`exists (select 1 from added)`,
      })})
      update ${posts} p
      set likes_count = p.likes_count + (select count(*) from added)::int - (select count(*) from removed)::int
      from target t
      where p.id = t.id and p.deleted_at is null
      returning exists (select 1 from added) as liked, exists (select 1 from removed) as unliked,
        p.likes_count as count, p.user_id, exists (select 1 from noticed) as noticed,
        case when exists (select 1 from noticed) then ${told.targets(sql`p.user_id`)}
          else '[]'::json end as targets`,
  );
  return row
    ? {
        liked: Boolean(row.liked),
        unliked: Boolean(row.unliked),
        count: row.count,
        authorId: row.user_id,
        noticed: Boolean(row.noticed),
        targets: row.targets,
      }
    : null;
}

/** Records a view unless this viewer was counted for this post in the last 24 hours. */
export async function recordView(
  db: Db,
  { postId, viewerKey }: { postId: string; viewerKey: string },
): Promise<boolean> {
  const rows = await db
    .insert(postViews)
    .values({ postId, viewerKey })
    .onConflictDoUpdate({
      target: [postViews.postId, postViews.viewerKey],
      set: { viewedAt: sql`now()` },
      setWhere: sql`${postViews.viewedAt} < now() - interval '24 hours'`,
    })
    .returning({ postId: postViews.postId });
  return rows.length > 0;
}

export async function bumpViews(db: Db, postId: string): Promise<number | null> {
  const [row] = await db
    .update(posts)
    .set({ viewsCount: sql`${posts.viewsCount} + 1` })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ count: posts.viewsCount });
  return row?.count ?? null;
}

export async function readViews(db: Db, postId: string): Promise<number | null> {
  const [row] = await db
    .select({ count: posts.viewsCount })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  return row?.count ?? null;
}
