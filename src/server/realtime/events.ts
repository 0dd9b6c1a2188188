// Domain events: what services publish after a commit. The gateway turns them into wire messages
// for the users allowed to see them; other subscribers (activity, caches) may listen too.
import type { FollowCounts, FollowState } from "../../domain/contracts/follows";
import type { MessageView } from "../../domain/contracts/mail";
import type { PostView } from "../../domain/contracts/posts";
import type { WhoMay } from "../../domain/reply-controls";

export type DomainEvent =
  | {
      type: "follow.changed";
      followerId: string;
      followingId: string;
      following: boolean;
      /** Set when a private account's request is involved; else read from `following`. */
      state?: FollowState;
      followerCounts: FollowCounts;
      followingCounts: FollowCounts;
    }
  /** The post as anyone sees it (likedByMe and isAuthor false); readers fill in their flags. */
  | { type: "post.created"; authorId: string; post: PostView }
  | {
      type: "post.updated";
      authorId: string;
      postId: string;
      content: string;
      contentWarning: string | null;
      imageSensitive: boolean;
      updatedAt: string;
    }
  | { type: "post.deleted"; authorId: string; postId: string }
  /** The post's author changed who may comment on it (docs/safety.md "Who can reply and write"). */
  | { type: "post.replies"; postId: string; replyPolicy: WhoMay }
  /** This user liked or unliked the post: its like count and their like, as committed. */
  | {
      type: "post.liked";
      postId: string;
      authorId: string;
      userId: string;
      liked: boolean;
      likesCount: number;
    }
  /** This user reposted the post or took their repost back (docs/feed.md "Reposts and quotes"):
   * its repost count as committed, and the repost's id (its feed item's). Of a post from
   * elsewhere, `postId` is its id in fed_notes and `authorId` the reposter's. */
  | {
      type: "post.reposted";
      postId: string;
      authorId: string;
      userId: string;
      repostId: string;
      reposted: boolean;
      repostsCount: number;
    }
  /** A quote of the post was added, deleted or detached by the post's author (docs/feed.md
   * "Reposts and quotes"): its quote count as committed; `detached` when the quote's card now
   * says the post was removed from it. */
  | {
      type: "post.quoted";
      postId: string;
      quoteId: string;
      quotesCount: number;
      detached: boolean;
    }
  /** The post's comment or view count changed to these values. */
  | { type: "post.counted"; postId: string; commentsCount?: number; viewsCount?: number }
  /** What lists show of a person (name, handle, avatar, badges) may have changed. */
  | { type: "profile.changed"; userId: string }
  | { type: "activity.created"; recipientId: string }
  /** The recipient read Activity (their other tabs and devices refetch the unread count). */
  | { type: "activity.read"; recipientId: string }
  /** A message was stored in a thread; only its members may hear of it. */
  | { type: "mail.message"; threadId: string; memberIds: string[]; message: MessageView }
  /** A member read a thread (their other tabs clear its unread mark). */
  | { type: "mail.read"; userId: string; threadId: string }
  /** The user added, changed or removed one of their muted words (policy/muted-word-cache.ts). */
  | { type: "mutedWords.changed"; userId: string }
  /** The user blocked, unblocked, muted or unmuted someone: their cached feed page is stale. */
  | { type: "relation.changed"; userIds: string[] }
  /** Posts from elsewhere entered or left these readers' home feeds (docs/federation.md). */
  | { type: "feed.stale"; userIds: string[] }
  /** A post from elsewhere with these tags (keys) arrived: it enters the home feeds of the readers
   * who follow one of them (docs/federation.md "Hashtags"). */
  | { type: "feed.tagged"; tags: string[] }
  /** A moderator suspended the user: cached pages may hold what they wrote. */
  | { type: "account.suspended"; userId: string }
  /** The user deleted their account: their posts went, and with their likes, comments and
   * follows other people's counts and relations changed (docs/accounts.md). */
  | { type: "account.deleted"; userId: string }
  /** One of the user's sessions ended (sign-out, password reset): caches forget them. */
  | { type: "session.ended"; userId: string };
