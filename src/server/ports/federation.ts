// What the features ask of federation (docs/federation.md), so they need not import it: whether a
// person's public changes must reach other servers at all, and the posts from elsewhere that a
// reader's home feed, a tag's page and a profile merge with ours, and the posts from elsewhere that
// our posts quote.
import type {
  CommentView,
  PostView,
  QuoteCardView,
  QuotedPostView,
} from "../../domain/contracts/posts";
import type { Db } from "../db/client";
import type { Effects } from "../outbox/outbox";

export interface RemoteFeedKey {
  id: string;
  createdAt: Date;
}

/** The first page of a reader's home feed, each kind its newest keys (docs/feed.md "The first
 * page in one statement"). */
export interface FirstFeedKeys {
  /** From the reader's timeline: exact when it holds `limit` of them (posts/timeline-queries.ts). */
  own: { id: string; createdAt: Date }[];
  /** Their followees' reposts, by the repost's id and time. */
  reposts: { id: string; createdAt: Date; repostOf: string }[];
  /** The posts from elsewhere, as `feedKeys` gives them. */
  remote: RemoteFeedKey[];
}

export interface FederationPort {
  /** Whether someone on another server follows this person (read in the caller's transaction). */
  reachesOtherServers(db: Db, userId: string): Promise<boolean>;
  /** What other servers show of the person (name, handle, bio, picture, lock) may have changed:
   * an `Update` of their actor goes to their followers elsewhere, written with the change. */
  actorChanged(tx: Db, fx: Pick<Effects, "federate">, userId: string): Promise<void>;
  /** The account turned public: every follow request from elsewhere is approved, each with its
   * `Accept` and its Activity item gone, in the caller's transaction; how many. */
  approveAllRequests(
    tx: Db,
    fx: Pick<Effects, "federate" | "publishAfterCommit">,
    userId: string,
  ): Promise<number>;
  /** The person's account is being deleted: a `Delete` of their actor goes to everyone elsewhere
   * who follows them or whom they follow, addressed now, before those rows go with the account. */
  actorDeleted(tx: Db, fx: Pick<Effects, "federate">, userId: string): Promise<void>;
  /** The newest `limit` posts from the people elsewhere the reader follows, before the cursor. */
  feedKeys(
    db: Db,
    input: { viewerId: string; limit: number; cursor: { at: Date; id: string } | null },
  ): Promise<RemoteFeedKey[]>;
  /** The first page of the reader's home feed, the newest `limit` keys of each kind, in one
   * statement: federation unites the posts module's parts with its own (posts/feed-parts.ts). */
  firstFeedKeys(db: Db, input: { viewerId: string; limit: number }): Promise<FirstFeedKeys>;
  /** The newest `limit` posts from elsewhere listed under the tag (its key) that the viewer may
   * see, before the cursor (docs/federation.md "Hashtags"). */
  tagKeys(
    db: Db,
    input: {
      tag: string;
      viewerId: string;
      limit: number;
      cursor: { at: Date; id: string } | null;
    },
  ): Promise<RemoteFeedKey[]>;
  /** A person's reposts of posts from elsewhere (by the repost's id) that the viewer may be shown,
   * newest first, before the cursor: their profile lists them (docs/feed.md "Reposts and
   * quotes"). */
  profileRepostKeys(
    db: Db,
    input: {
      userId: string;
      viewerId: string;
      limit: number;
      cursor: { at: Date; id: string } | null;
    },
  ): Promise<RemoteFeedKey[]>;
  /** The cards of the posts from elsewhere (by id) that our posts quote, those the viewer may be
   * shown (null: a signed-out visitor); one missing is unavailable to them (docs/federation.md
   * "Quotes"). */
  quotedNoteCards(
    db: Db,
    input: { noteIds: string[]; viewerId: string | null },
  ): Promise<Map<string, QuotedPostView>>;
  /** How many posts from elsewhere are listed under the tag. */
  tagCount(db: Db, tag: string): Promise<number>;
  /** Those posts as the feed shows them to the viewer (`remote` set), in no particular order;
   * the cards of our posts they quote from `quoteCards` (docs/federation.md "Quotes"). */
  presentNotes(
    db: Db,
    input: {
      ids: string[];
      viewerId: string;
      quoteCards?: (
        quotes: { id: string; quoteOf: string | null; quoteDetached: boolean }[],
      ) => Promise<Map<string, QuoteCardView>>;
    },
  ): Promise<PostView[]>;
  /** Replies from elsewhere to one of our posts as comments (`remote` set), oldest first, after
   * the cursor. */
  repliesTo(
    db: Db,
    input: {
      postId: string;
      viewerId: string | null;
      limit: number;
      cursor: { at: Date; id: string } | null;
    },
  ): Promise<CommentView[]>;
}
