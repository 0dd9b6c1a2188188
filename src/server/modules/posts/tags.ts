// Hashtags (docs/feed.md "Hashtags", docs/search.md "Trending tags"): a tag's page lists the live
// posts with the tag that the viewer may see (policy/visibility.ts seesPostsOf, and not muted),
// and for a signed-in viewer the posts from elsewhere listed under it (ports/federation.ts
// tagKeys), newest first in keyset pages; a signed-in person follows a tag, and its posts come into their
// home feed (merged at read: tag-queries.ts followedTagKeys), which a follow or an unfollow drops
// from the feed cache. A name that cannot be a tag is 404.
import type { z } from "zod";
import type { tagCount, tagView } from "../../../domain/contracts/tags";
import { parseTagName } from "../../../domain/hashtags";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeUuidCursor } from "../../db/keyset";
import { notFound } from "../../errors";
import { isModerator, requireModerator } from "../../policy/roles";
import { logModerationAction } from "../audit/record";
import { newerFirst } from "./feed-cache";
import { type PageDeps, presentPage } from "./key-page";
import {
  deleteTagFollow,
  findTag,
  insertTagFollow,
  setTagHidden,
  tagPostKeys,
  tagsStartingWith,
  trendingTags,
} from "./tag-queries";

/** The key of the tag an address names, or 404 'Tag not found'. */
export function requireTagName(raw: string): string {
  const key = parseTagName(raw);
  if (key === null) throw notFound("Tag not found");
  return key;
}

/** The tag's header: a tag nobody has written yet reads as itself with no posts. Whether it is
 * kept out of trending is told to moderators only. */
export async function getTag(
  deps: Pick<AppContext, "db" | "config" | "federation">,
  { tag, viewerId }: { tag: string; viewerId: string | null },
): Promise<z.infer<typeof tagView>> {
  const key = requireTagName(tag);
  const [row, moderator, elsewhere] = await Promise.all([
    findTag(deps.db, { tag: key, viewerId }),
    viewerId ? isModerator(deps, viewerId) : false,
    viewerId ? deps.federation.tagCount(deps.db, key) : 0,
  ]);
  return {
    name: key,
    display: row?.display ?? key,
    postsCount: (row?.posts_count ?? 0) + elsewhere,
    following: row?.following ?? false,
    hiddenFromTrending: moderator ? (row?.hidden ?? false) : null,
  };
}

/** A moderator keeps a tag out of trending (`hidden`) or lets it back, recorded in the audit
 * log; 404 to everyone else, as every moderation tool, and for a tag nobody has written. Again is
 * no change and no second record. */
export async function setTagTrendingHidden(
  deps: Pick<AppContext, "db" | "config" | "outbox">,
  { moderatorId, tag, hidden }: { moderatorId: string; tag: string; hidden: boolean },
): Promise<{ hidden: boolean }> {
  await requireModerator(deps, moderatorId);
  const key = requireTagName(tag);
  await deps.outbox.transaction(async (tx) => {
    if (!(await findTag(tx, { tag: key, viewerId: null }))) throw notFound("Tag not found");
    if (!(await setTagHidden(tx, { tag: key, hidden }))) return;
    await logModerationAction(tx, {
      moderatorId,
      action: hidden ? "hide_tag" : "show_tag",
      targetType: "tag",
      targetId: key,
      targetUserId: null,
      reason: hidden ? "Kept out of trending" : "Let back into trending",
    });
  });
  return { hidden };
}

/** A page of the tag's posts the viewer may see, ours and (signed in) those from elsewhere,
 * newest first. */
export async function tagPostsPage(
  deps: PageDeps,
  {
    tag,
    viewerId,
    limit,
    cursor: raw,
  }: { tag: string; viewerId: string | null; limit: number; cursor?: string | undefined },
) {
  const key = requireTagName(tag);
  const cursor = decodeUuidCursor(raw);
  const [ours, elsewhere] = await Promise.all([
    tagPostKeys(deps.db, { tag: key, viewerId, limit, cursor }),
    viewerId
      ? deps.federation.tagKeys(deps.db, { tag: key, viewerId, limit: limit + 1, cursor })
      : [],
  ]);
  const keys =
    elsewhere.length === 0
      ? ours
      : [...ours, ...elsewhere.map((k) => ({ ...k, remote: true as const }))]
          .sort(newerFirst)
          .slice(0, limit + 1);
  return presentPage(deps, { keys, limit, viewerId });
}

/** Follows or unfollows the tag (again is no change); the viewer's cached feed page is dropped. */
export async function setTagFollow(
  deps: Pick<AppContext, "outbox">,
  { tag, viewerId, follow }: { tag: string; viewerId: string; follow: boolean },
): Promise<{ following: boolean }> {
  const key = requireTagName(tag);
  // The form a tag is first written in is its name; one followed before anyone wrote it keeps
  // the form the address gave, which is its key.
  await deps.outbox.transaction(async (tx, fx) => {
    if (follow) await insertTagFollow(tx, { userId: viewerId, tag: { key, name: key } });
    else await deleteTagFollow(tx, { userId: viewerId, tag: key });
    fx.publishAfterCommit({ type: "feed.stale", userIds: [viewerId] });
  });
  return { following: follow };
}

type TagCount = z.infer<typeof tagCount>;

/** How many suggestions the header search shows. */
const SUGGESTED_TAGS = 5;

/** The header search's tags for what is typed (`#ca`, `ca`): used tags starting with it, most
 * posts first; none for text that cannot start a tag. */
export async function suggestTags(db: Db, { q }: { q: string }): Promise<{ items: TagCount[] }> {
  const key = parseTagName(q.trim());
  // A prefix of digits alone may still begin a tag (`#2024goals`).
  const prefix = key ?? (/^#?\p{N}+$/u.test(q.trim()) ? q.trim().replace(/^#/, "") : null);
  if (prefix === null) return { items: [] };
  const rows = await tagsStartingWith(db, { prefix, limit: SUGGESTED_TAGS });
  return { items: rows.map((r) => ({ name: r.name, display: r.display, count: r.posts_count })) };
}

/** How many tags trend, and over what time. */
const TRENDING_TAGS = 10;
const TRENDING_MS = 24 * 3_600_000;

/** The tags written by the most distinct people in the last 24 hours (not hidden by moderators). */
export async function trending(db: Db, now = new Date()): Promise<{ items: TagCount[] }> {
  const rows = await trendingTags(db, {
    since: new Date(now.getTime() - TRENDING_MS),
    limit: TRENDING_TAGS,
  });
  return { items: rows.map((r) => ({ name: r.name, display: r.display, count: r.people })) };
}
