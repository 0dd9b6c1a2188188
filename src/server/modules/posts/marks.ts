// Bookmarks and pinned posts (docs/feed.md "Bookmarks", "Pinned posts"). A bookmark is its owner's
// alone: nobody else can read it or count it. A post is bookmarked while its owner may see it, and
// the Bookmarks page leaves out every post they no longer may (the post visibility rule,
// policy/visibility.ts seesPostsOf). A person pins up to PINNED_POSTS_MAX of their own posts,
// each in a slot whose key keeps them at that many however many requests race.
import type { PostView } from "../../../domain/contracts/posts";
import { PINNED_POSTS_MAX } from "../../../domain/limits";
import type { Db } from "../../db/client";
import { decodeUuidCursor, pageOf } from "../../db/keyset";
import { conflict } from "../../errors";
import { requireOwnThing } from "../../policy/access";
import { newAccountsSince } from "../../policy/new-accounts";
import { canSeePosts } from "../../policy/visibility";
import {
  bookmarkKeys,
  deleteBookmark,
  deleteDeadPins,
  deletePin,
  insertBookmark,
  insertPinAt,
  isPinned,
  type MarkKey,
  marksOf,
  pinnedPostIds,
} from "./mark-queries";
import { markMutedPosts } from "./muted";
import { presentInOrder } from "./present";
import { findLivePost } from "./queries";
import { type PostReader, requireVisiblePost } from "./service";

/** Who marks which post. */
interface MarkAction {
  viewerId: string;
  postId: string;
}

const mark = ({ viewerId, postId }: MarkAction): MarkKey => ({ userId: viewerId, postId });

/** Bookmarks a post the viewer may see; bookmarking it again keeps the one bookmark. */
export async function bookmarkPost(db: Db, action: MarkAction) {
  await requireVisiblePost(db, action);
  await insertBookmark(db, mark(action));
  return { bookmarked: true };
}

/** Removes the viewer's bookmark, if any, even of a post they may no longer see. */
export async function unbookmarkPost(db: Db, action: MarkAction) {
  await deleteBookmark(db, mark(action));
  return { bookmarked: false };
}

/** The viewer's bookmarks, newest bookmark first, in keyset pages by the bookmark's time. */
export async function bookmarksPage(
  reader: PostReader,
  { viewerId, limit, cursor }: { viewerId: string; limit: number; cursor?: string | undefined },
) {
  const keys = await bookmarkKeys(reader.db, {
    userId: viewerId,
    limit,
    cursor: decodeUuidCursor(cursor),
  });
  const { page, nextCursor } = pageOf(keys, limit, (k) => k);
  const ids = page.map((k) => k.id);
  const [hydrated, mark] = await Promise.all([
    reader.hydrator.hydrate(ids, viewerId),
    reader.mutedWords.marker(viewerId, { context: "feed", now: new Date() }),
  ]);
  const inertSince = newAccountsSince(new Date(), reader.config.newAccountDays);
  // A bookmarked post is collapsed by the reader's muted words like the feed's (docs/safety.md).
  const items = presentInOrder(hydrated, ids, viewerId, inertSince);
  return { items: markMutedPosts(items, mark), nextCursor };
}

/** The viewer's bookmark of a post they may see, and whether its author pinned it. */
export async function postMarks(db: Db, action: MarkAction) {
  await requireVisiblePost(db, action);
  return marksOf(db, mark(action));
}

/** The live post, if it is the viewer's: anyone else's reads as missing. */
async function requireOwnPost(db: Db, { viewerId, postId }: MarkAction) {
  const post = await findLivePost(db, postId);
  requireOwnThing({ viewerId, ownerId: post?.userId, thing: "post to pin" });
}

const tooManyPins = () =>
  conflict(
    "too_many_pins",
    `You can pin up to ${PINNED_POSTS_MAX} posts. Unpin one to pin this post.`,
  );

/** Pins one of the viewer's posts in their first free slot; pinning it again changes nothing. */
export async function pinPost(db: Db, action: MarkAction) {
  await requireOwnPost(db, action);
  const key = mark(action);
  if (await isPinned(db, key)) return { pinned: true };
  await deleteDeadPins(db, action.viewerId);
  for (let slot = 1; slot <= PINNED_POSTS_MAX; slot++) {
    if (await insertPinAt(db, { ...key, slot })) return { pinned: true };
  }
  // Every slot was taken, perhaps by this same post pinned at the same moment.
  if (await isPinned(db, key)) return { pinned: true };
  throw tooManyPins();
}

export async function unpinPost(db: Db, action: MarkAction) {
  await requireOwnPost(db, action);
  await deletePin(db, mark(action));
  return { pinned: false };
}

/** The person's pinned posts as the viewer may see them, newest pin first. */
export async function pinnedPosts(
  reader: PostReader,
  { userId, viewerId }: { userId: string; viewerId: string | null },
): Promise<{ items: PostView[] }> {
  if (!(await canSeePosts(reader.db, viewerId, userId))) return { items: [] };
  const ids = await pinnedPostIds(reader.db, userId);
  return {
    items: presentInOrder(
      await reader.hydrator.hydrate(ids, viewerId),
      ids,
      viewerId,
      newAccountsSince(new Date(), reader.config.newAccountDays),
    ),
  };
}
