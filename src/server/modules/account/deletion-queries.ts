// SQL of deleting an account (docs/accounts.md "Deleting the account"). Each runs inside the one
// deletion transaction. Most of the person's rows go with their `users` row (foreign keys cascade);
// these do what a cascade cannot: keep other people's counters equal to a recount, keep their
// replies and threads, and collect what must be removed or cancelled outside the database.
import { and, eq, gt, inArray, isNotNull, like, ne, or, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { userActivity } from "../../db/schema/activity";
import { users, verifications } from "../../db/schema/auth";
import { badgeRequests } from "../../db/schema/badges";
import { followers } from "../../db/schema/follows";
import { chatMessages, chatThreadMembers, chatThreads } from "../../db/schema/mail";
import { postCommentLikes, postComments, postLikes, posts, postViews } from "../../db/schema/posts";
import { profiles, userProfilePics } from "../../db/schema/profiles";
import { postReposts } from "../../db/schema/reposts";
import { releasedUsernames, usernameSubscriptions } from "../../db/schema/usernames";

/** What an audit-log entry names instead of a deleted account's profile. */

/**
 * The account, locked for the deletion (a second request at once waits, then finds nothing).
 * FOR UPDATE conflicts with the KEY SHARE lock that every insert referencing the user takes, so a
 * like, comment or follow of theirs in flight either commits first (and is counted out) or waits
 * and then fails for want of its user: the counters cannot miss one.
 */
export async function lockAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** The names to hold back: the handle, the default username, and any name released from the
 * person that is still in its hold-back. */
export async function namesOf(db: Db, userId: string, now: Date): Promise<string[]> {
  const [profile] = await db
    .select({ username: profiles.username, defaultUsername: profiles.defaultUsername })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const released = await db
    .select({ name: releasedUsernames.name })
    .from(releasedUsernames)
    .where(and(eq(releasedUsernames.formerUserId, userId), gt(releasedUsernames.heldUntil, now)));
  return [profile?.username, profile?.defaultUsername, ...released.map((r) => r.name)].filter(
    (name): name is string => Boolean(name),
  );
}

/** Every stored file of the person: avatar, banner, the nine pictures, post images, the face capture, the
 * documents of their veteran medal requests. */
export async function mediaUrlsOf(db: Db, userId: string): Promise<string[]> {
  const [profile] = await db
    .select({
      avatar: profiles.profileImageUrl,
      banner: profiles.bannerUrl,
      capture: profiles.faceCaptureUrl,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const [pics] = await db.select().from(userProfilePics).where(eq(userProfilePics.userId, userId));
  const postImages = await db
    .select({ images: posts.images })
    .from(posts)
    .where(and(eq(posts.userId, userId), sql`jsonb_array_length(${posts.images}) > 0`));
  const slots = pics
    ? [
        pics.userpic1,
        pics.userpic2,
        pics.userpic3,
        pics.userpic4,
        pics.userpic5,
        pics.userpic6,
        pics.userpic7,
        pics.userpic8,
        pics.userpic9,
      ]
    : [];
  const proofs = await db
    .select({ url: badgeRequests.proofUrl })
    .from(badgeRequests)
    .where(and(eq(badgeRequests.userId, userId), isNotNull(badgeRequests.proofUrl)));
  const urls = [
    profile?.avatar,
    profile?.banner,
    profile?.capture,
    ...slots,
    ...postImages.flatMap((row) => row.images.map((image) => image.url)),
    ...proofs.map((row) => row.url),
  ];
  return [...new Set(urls.filter((url): url is string => Boolean(url)))];
}

/** The provider ids of the person's paid-up username subscriptions, to cancel at the provider
 * (one in grace has already ended there). */
export async function activeSubscriptionsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: usernameSubscriptions.providerSubscriptionId })
    .from(usernameSubscriptions)
    .where(
      and(eq(usernameSubscriptions.userId, userId), eq(usernameSubscriptions.status, "active")),
    );
  return rows.map((row) => row.id);
}

/**
 * Takes the person out of other people's follow counters: one fewer follower for everyone they
 * follow, one fewer followed for everyone who follows them, one fewer friend for each mutual pair.
 */
export async function dropFollowCounts(db: Db, userId: string): Promise<void> {
  const theyFollow = db
    .select({ id: followers.followingId })
    .from(followers)
    .where(eq(followers.followerId, userId));
  const followThem = db
    .select({ id: followers.followerId })
    .from(followers)
    .where(eq(followers.followingId, userId));
  await db
    .update(profiles)
    .set({
      followersCount: sql`${profiles.followersCount} - (${profiles.userId} in ${theyFollow})::int`,
      followingCount: sql`${profiles.followingCount} - (${profiles.userId} in ${followThem})::int`,
      friendsCount: sql`${profiles.friendsCount} - (${profiles.userId} in ${theyFollow} and ${profiles.userId} in ${followThem})::int`,
    })
    .where(
      and(
        ne(profiles.userId, userId),
        or(inArray(profiles.userId, theyFollow), inArray(profiles.userId, followThem)),
      ),
    );
}

/** One like fewer on every post and comment the person liked. */
export async function dropLikeCounts(db: Db, userId: string): Promise<void> {
  await db
    .update(posts)
    .set({ likesCount: sql`${posts.likesCount} - 1` })
    .where(
      inArray(
        posts.id,
        db.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)),
      ),
    );
  await db
    .update(postComments)
    .set({ likesCount: sql`${postComments.likesCount} - 1` })
    .where(
      inArray(
        postComments.id,
        db
          .select({ id: postCommentLikes.commentId })
          .from(postCommentLikes)
          .where(eq(postCommentLikes.userId, userId)),
      ),
    );
}

/** One repost fewer on every post the person reposted (docs/feed.md "Reposts and quotes"). */
export async function dropRepostCounts(db: Db, userId: string): Promise<void> {
  await db
    .update(posts)
    .set({ repostsCount: sql`${posts.repostsCount} - 1` })
    .where(
      inArray(
        posts.id,
        db
          .select({ id: postReposts.postId })
          .from(postReposts)
          .where(eq(postReposts.userId, userId)),
      ),
    );
}

/** Each post the person quoted loses their live, attached quotes from its count (docs/feed.md
 * "Reposts and quotes"). */
export async function dropQuoteCounts(db: Db, userId: string): Promise<void> {
  await queryRows(
    db,
    sql`update ${posts} p set quotes_count = p.quotes_count - q.n
        from (select quote_of, count(*)::int as n from ${posts}
              where user_id = ${userId} and quote_of is not null and deleted_at is null
                and not quote_detached
              group by quote_of) q
        where p.id = q.quote_of`,
  );
}

/**
 * Before the person's comments go: each post's comment count loses their live comments, and other
 * people's replies to them stay, as comments of the post (a cascade would take them too).
 */
export async function detachComments(db: Db, userId: string): Promise<void> {
  await queryRows(
    db,
    sql`update ${posts} p set comments_count = p.comments_count - c.n
        from (select post_id, count(*)::int as n from ${postComments}
              where user_id = ${userId} and deleted_at is null group by post_id) c
        where p.id = c.post_id`,
  );
  const theirs = db
    .select({ id: postComments.id })
    .from(postComments)
    .where(eq(postComments.userId, userId));
  await db
    .update(postComments)
    .set({ parentCommentId: null })
    .where(and(inArray(postComments.parentCommentId, theirs), ne(postComments.userId, userId)));
}

/** Activity of other people that quotes the person's posts (a reply on their post to someone
 * else); the person's own activity goes with them. Their signed-in views of posts go too. */
export async function removeTracesOnOthers(db: Db, userId: string): Promise<void> {
  await db
    .delete(userActivity)
    .where(
      inArray(
        userActivity.postId,
        db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId)),
      ),
    );
  await db.delete(postViews).where(eq(postViews.viewerKey, userId));
}

/**
 * Mail: a thread with another member stays theirs, the person's messages in it kept as 'Message
 * deleted' (no words, no sender) and its pair key no longer naming the person; a thread left with
 * no member (outside mail, or a partner already gone) goes with everything in it.
 */
export async function retireFromThreads(db: Db, userId: string, now: Date): Promise<void> {
  const mine = db
    .select({ id: chatThreadMembers.threadId })
    .from(chatThreadMembers)
    .where(eq(chatThreadMembers.userId, userId));
  const shared = db
    .select({ id: chatThreadMembers.threadId })
    .from(chatThreadMembers)
    .where(and(inArray(chatThreadMembers.threadId, mine), ne(chatThreadMembers.userId, userId)));
  await db
    .update(chatMessages)
    .set({
      senderId: null,
      senderAddress: null,
      subject: null,
      body: "",
      messageId: null,
      attachmentsDropped: 0,
      senderDeletedAt: now,
    })
    .where(and(eq(chatMessages.senderId, userId), inArray(chatMessages.threadId, shared)));
  await db
    .update(chatThreads)
    .set({ pairKey: sql`'d:' || ${chatThreads.id}::text`, updatedAt: now })
    .where(inArray(chatThreads.id, shared));
  await db
    .delete(chatThreads)
    .where(and(inArray(chatThreads.id, mine), sql`${chatThreads.id} not in ${shared}`));
}

/** The person's codes and tokens the auth library keeps (sign-up codes by address, reset
 * tokens by user id) and their deletion code. */
export async function removeVerifications(
  db: Db,
  { userId, email }: { userId: string; email: string },
): Promise<void> {
  await db
    .delete(verifications)
    .where(
      or(
        eq(verifications.value, userId),
        like(verifications.identifier, `%${email.replace(/[\\%_]/g, "\\$&")}`),
        like(verifications.identifier, `%:${userId}`),
      ),
    );
}

/** The account itself; every row that references it cascades away. */
export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
