// The person's own data, read for their export in keyset pages (docs/accounts.md "Your data"):
// each query takes the last row of the previous page and returns the next `limit` rows in the
// order of an index, so a page costs the same however far in it is and nothing is held whole.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { moderationActions, moderationAppeals } from "../../db/schema/audit";
import { badgeRequests } from "../../db/schema/badges";
import { fedActors, fedNoteReposts, fedNotes } from "../../db/schema/federation";
import { followers } from "../../db/schema/follows";
import { chatMessages, chatThreadMembers, chatThreads } from "../../db/schema/mail";
import { acceptedSenders } from "../../db/schema/notifications";
import { postBookmarks } from "../../db/schema/post-marks";
import { postCommentLikes, postComments, postLikes, posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { postReposts } from "../../db/schema/reposts";
import { mutedWords } from "../../db/schema/safety";
import { tagFollows, tags } from "../../db/schema/tags";

/** A page's last row: its time and id, the keyset the next page starts after. */
export interface Keyset {
  at: Date;
  id: string;
}

const after = (at: unknown, id: unknown, key: Keyset | null) =>
  key ? sql`(${at}, ${id}) > (${key.at}, ${key.id})` : undefined;

/** How many rows and files the export will write, for its progress. */
export async function countItems(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select (
      (select count(*) from posts where user_id = ${userId} and deleted_at is null)
      + (select coalesce(sum(jsonb_array_length(images)), 0) from posts where user_id = ${userId} and deleted_at is null)
      + (select count(*) from post_comments where user_id = ${userId} and deleted_at is null)
      + (select count(*) from post_likes where user_id = ${userId})
      + (select count(*) from post_comment_likes where user_id = ${userId})
      + (select count(*) from post_bookmarks where user_id = ${userId})
      + (select count(*) from post_reposts where user_id = ${userId})
      + (select count(*) from fed_note_reposts where user_id = ${userId})
      + (select count(*) from followers where follower_id = ${userId})
      + (select count(*) from followers where following_id = ${userId})
      + (select count(*) from chat_messages m join chat_thread_members tm on tm.thread_id = m.thread_id
         where tm.user_id = ${userId})
    )::int as total`,
  );
  return row?.total ?? 0;
}

export function postsPage(db: Db, userId: string, key: Keyset | null, limit: number) {
  return db
    .select({
      id: posts.id,
      slug: posts.slug,
      content: posts.content,
      contentWarning: posts.contentWarning,
      images: posts.images,
      imageSensitive: posts.imageSensitive,
      quoteOf: posts.quoteOf,
      quoteOfElsewhere: fedNotes.uri,
      replyPolicy: posts.replyPolicy,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      viewsCount: posts.viewsCount,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .leftJoin(fedNotes, eq(fedNotes.id, posts.quoteNoteId))
    .where(
      and(eq(posts.userId, userId), isNull(posts.deletedAt), after(posts.createdAt, posts.id, key)),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

/** The person's live posts that carry images. */
export function postImagesPage(db: Db, userId: string, key: Keyset | null, limit: number) {
  return db
    .select({ id: posts.id, images: posts.images, createdAt: posts.createdAt })
    .from(posts)
    .where(
      and(
        eq(posts.userId, userId),
        isNull(posts.deletedAt),
        sql`jsonb_array_length(${posts.images}) > 0`,
        after(posts.createdAt, posts.id, key),
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

export function commentsPage(db: Db, userId: string, key: Keyset | null, limit: number) {
  return db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      parentCommentId: postComments.parentCommentId,
      content: postComments.content,
      likesCount: postComments.likesCount,
      createdAt: postComments.createdAt,
      removedAt: postComments.removedAt,
    })
    .from(postComments)
    .where(
      and(
        eq(postComments.userId, userId),
        isNull(postComments.deletedAt),
        after(postComments.createdAt, postComments.id, key),
      ),
    )
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(limit);
}

// Likes are stored to the microsecond, finer than a JavaScript date, so their pages go by the
// liked post's or comment's id alone.

/** Posts the person liked, with each post's author's address. */
export function postLikesPage(db: Db, userId: string, afterId: string | null, limit: number) {
  return db
    .select({
      id: postLikes.postId,
      createdAt: postLikes.createdAt,
      author: profiles.chtchtEmail,
    })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(
      and(
        eq(postLikes.userId, userId),
        afterId ? sql`${postLikes.postId} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(postLikes.postId))
    .limit(limit);
}

/** The person's bookmarks, oldest first (stored to the millisecond, so paged by time and post
 * id), with each post's author's address. A bookmark of a post since deleted is
 * still theirs, and listed. */
export function bookmarksPage(db: Db, userId: string, key: Keyset | null, limit: number) {
  return db
    .select({
      id: postBookmarks.postId,
      createdAt: postBookmarks.createdAt,
      author: profiles.chtchtEmail,
    })
    .from(postBookmarks)
    .innerJoin(posts, eq(posts.id, postBookmarks.postId))
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(
      and(
        eq(postBookmarks.userId, userId),
        after(postBookmarks.createdAt, postBookmarks.postId, key),
      ),
    )
    .orderBy(asc(postBookmarks.createdAt), asc(postBookmarks.postId))
    .limit(limit);
}

/** The person's reposts, oldest first (paged by time and repost id), with each post's author's
 * address (docs/feed.md "Reposts and quotes"). */
export function repostsPage(db: Db, userId: string, key: Keyset | null, limit: number) {
  return db
    .select({
      id: postReposts.id,
      postId: postReposts.postId,
      createdAt: postReposts.createdAt,
      author: profiles.chtchtEmail,
    })
    .from(postReposts)
    .innerJoin(posts, eq(posts.id, postReposts.postId))
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(eq(postReposts.userId, userId), after(postReposts.createdAt, postReposts.id, key)))
    .orderBy(asc(postReposts.createdAt), asc(postReposts.id))
    .limit(limit);
}

/** The person's reposts of posts from elsewhere, oldest first (paged by time and repost id), with
 * each post's address and its author's handle (name@server). */
export function remoteRepostsPage(db: Db, userId: string, key: Keyset | null, limit: number) {
  return db
    .select({
      id: fedNoteReposts.id,
      createdAt: fedNoteReposts.createdAt,
      uri: fedNotes.uri,
      url: fedNotes.url,
      author: fedActors.handle,
    })
    .from(fedNoteReposts)
    .innerJoin(fedNotes, eq(fedNotes.id, fedNoteReposts.noteId))
    .innerJoin(fedActors, eq(fedActors.id, fedNotes.actorId))
    .where(
      and(
        eq(fedNoteReposts.userId, userId),
        after(fedNoteReposts.createdAt, fedNoteReposts.id, key),
      ),
    )
    .orderBy(asc(fedNoteReposts.createdAt), asc(fedNoteReposts.id))
    .limit(limit);
}

/** Comments the person liked, with each comment's post and author's address. */
export function commentLikesPage(db: Db, userId: string, afterId: string | null, limit: number) {
  return db
    .select({
      id: postCommentLikes.commentId,
      postId: postComments.postId,
      createdAt: postCommentLikes.createdAt,
      author: profiles.chtchtEmail,
    })
    .from(postCommentLikes)
    .innerJoin(postComments, eq(postComments.id, postCommentLikes.commentId))
    .innerJoin(profiles, eq(profiles.userId, postComments.userId))
    .where(
      and(
        eq(postCommentLikes.userId, userId),
        afterId ? sql`${postCommentLikes.commentId} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(postCommentLikes.commentId))
    .limit(limit);
}

/** The people the person follows (`following`) or who follow them (`followers`), by address. */
export function followsPage(
  db: Db,
  { userId, side }: { userId: string; side: "following" | "followers" },
  key: Keyset | null,
  limit: number,
) {
  const mine = side === "following" ? followers.followerId : followers.followingId;
  const theirs = side === "following" ? followers.followingId : followers.followerId;
  return db
    .select({ id: theirs, createdAt: followers.createdAt, address: profiles.chtchtEmail })
    .from(followers)
    .innerJoin(profiles, eq(profiles.userId, theirs))
    .where(and(eq(mine, userId), after(followers.createdAt, theirs, key)))
    .orderBy(asc(followers.createdAt), asc(theirs))
    .limit(limit);
}

/** The threads the person is in, by id. */
export async function threadsPage(
  db: Db,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; externalAddress: string | null }[]> {
  return db
    .select({ id: chatThreads.id, externalAddress: chatThreads.externalAddress })
    .from(chatThreadMembers)
    .innerJoin(chatThreads, eq(chatThreads.id, chatThreadMembers.threadId))
    .where(
      and(
        eq(chatThreadMembers.userId, userId),
        afterId ? sql`${chatThreadMembers.threadId} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(chatThreadMembers.threadId))
    .limit(limit);
}

/** A thread's members with their names and addresses. */
export function threadMembers(db: Db, threadId: string) {
  return db
    .select({ userId: profiles.userId, name: profiles.fullName, address: profiles.chtchtEmail })
    .from(chatThreadMembers)
    .innerJoin(profiles, eq(profiles.userId, chatThreadMembers.userId))
    .where(eq(chatThreadMembers.threadId, threadId));
}

/** A thread's messages, oldest first. */
export function messagesPage(db: Db, threadId: string, key: Keyset | null, limit: number) {
  return db
    .select({
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      senderAddress: chatMessages.senderAddress,
      subject: chatMessages.subject,
      body: chatMessages.body,
      messageId: chatMessages.messageId,
      removedAt: chatMessages.removedAt,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.threadId, threadId), after(chatMessages.createdAt, chatMessages.id, key)),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
}

export type MessageRow = Awaited<ReturnType<typeof messagesPage>>[number];

/** The tags the person follows (docs/feed.md "Hashtags"), oldest follow first: a short list, read
 * at once. */
export function followedTagsOf(db: Db, userId: string) {
  return db
    .select({ tag: tagFollows.tag, name: tags.display, followedAt: tagFollows.createdAt })
    .from(tagFollows)
    .innerJoin(tags, eq(tags.name, tagFollows.tag))
    .where(eq(tagFollows.userId, userId))
    .orderBy(asc(tagFollows.createdAt), asc(tagFollows.tag));
}

/** The senders the person accepted out of Requests (docs/notifications.md "Requests"), oldest
 * first: ours by their address here, people elsewhere by theirs; a short list, read at once. */
export function acceptedSendersOf(db: Db, userId: string) {
  return db
    .select({
      address: sql<string>`coalesce(${profiles.chtchtEmail}, ${fedActors.handle})`,
      elsewhere: sql<boolean>`${acceptedSenders.fedActorId} is not null`,
      acceptedAt: acceptedSenders.createdAt,
    })
    .from(acceptedSenders)
    .leftJoin(profiles, eq(profiles.userId, acceptedSenders.senderId))
    .leftJoin(fedActors, eq(fedActors.id, acceptedSenders.fedActorId))
    .where(eq(acceptedSenders.userId, userId))
    .orderBy(asc(acceptedSenders.createdAt));
}

/** The person's muted words (docs/safety.md "Muted words"), oldest first: at most 100, read at
 * once. */
export function mutedWordsOf(db: Db, userId: string) {
  return db
    .select({
      text: mutedWords.text,
      contexts: mutedWords.contexts,
      duration: mutedWords.duration,
      expiresAt: mutedWords.expiresAt,
      createdAt: mutedWords.createdAt,
    })
    .from(mutedWords)
    .where(eq(mutedWords.userId, userId))
    .orderBy(asc(mutedWords.createdAt), asc(mutedWords.id));
}

/** The person's appeals (docs/safety.md "Appeals"), oldest first, each with the action it
 * appeals but never its moderator: one per action taken on them, read at once. */
export function appealsOf(db: Db, userId: string) {
  return db
    .select({
      action: moderationActions.action,
      targetType: moderationActions.targetType,
      rule: moderationActions.rule,
      note: moderationActions.reason,
      actionAt: moderationActions.createdAt,
      text: moderationAppeals.text,
      status: moderationAppeals.status,
      decisionReason: moderationAppeals.decisionReason,
      createdAt: moderationAppeals.createdAt,
      decidedAt: moderationAppeals.decidedAt,
    })
    .from(moderationAppeals)
    .innerJoin(moderationActions, eq(moderationActions.id, moderationAppeals.actionId))
    .where(eq(moderationAppeals.userId, userId))
    .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id));
}

/** The person's badge requests, oldest first, without the veteran's document (docs/safety.md
 * "Badges"). */
export function badgeRequestsOf(db: Db, userId: string) {
  return db
    .select({
      kind: badgeRequests.kind,
      status: badgeRequests.status,
      category: badgeRequests.category,
      officialName: badgeRequests.officialName,
      links: badgeRequests.links,
      orgEmail: badgeRequests.orgEmail,
      orgEmailConfirmedAt: badgeRequests.orgEmailConfirmedAt,
      question: badgeRequests.question,
      answer: badgeRequests.answer,
      reason: badgeRequests.reason,
      createdAt: badgeRequests.createdAt,
      decidedAt: badgeRequests.decidedAt,
    })
    .from(badgeRequests)
    .where(eq(badgeRequests.userId, userId))
    .orderBy(badgeRequests.createdAt);
}
