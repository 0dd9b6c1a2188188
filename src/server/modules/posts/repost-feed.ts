// Reposts in the home feed and on the reposter's profile (docs/feed.md "Reposts and quotes"): each
// is its own item, keyed by the repost's id at the repost's time, showing the post it shares under
// "Reposted by {name}".
// They pass the visibility rule again as the page is presented, so a cached page never shows a
// repost the reader may no longer see: from memory for those the reader was shown, kept until an
// event may have changed them (repost-views.ts).
import type { PostView } from "../../../domain/contracts/posts";
import { toPersonSummary } from "../profiles/person";
import { presentPost } from "./present";
import type { HydratedPost, PostKey } from "./queries";
import type { VisibleRepost } from "./repost-views";

/** The reposts among the keys as the viewer is shown them, by repost id: those the rule let
 * through (`reposts`: the hydrator's visibleReposts), with their posts among `rows`. */
export function presentReposts({
  keys,
  reposts,
  rows,
  viewerId,
  inertSince,
}: {
  keys: PostKey[];
  reposts: VisibleRepost[];
  rows: HydratedPost[];
  viewerId: string | null;
  inertSince: Date | null;
}): Map<string, PostView> {
  const at = new Map(keys.map((k) => [k.id, k.createdAt]));
  const byId = new Map(rows.map((row) => [row.post.id, row]));
  const shown = new Map<string, PostView>();
  for (const repost of reposts) {
    const row = byId.get(repost.postId);
    if (!row) continue;
    const view = presentPost(row, viewerId, inertSince);
    view.repostedBy = {
      id: repost.id,
      at: (at.get(repost.id) ?? row.post.createdAt).toISOString(),
      person: toPersonSummary(repost.reposter),
    };
    shown.set(repost.id, view);
  }
  return shown;
}

/** A page shows a post once: of its reposts by several people the newest stays (the keys are newest
 * first), as Mastodon shows a boosted post once in a home feed; the same of our people's reposts of
 * a post from elsewhere. */
export function oncePerPost(items: PostView[]): PostView[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (item.remote && !item.repostedBy) return true;
    const key = item.remote ? `elsewhere:${item.id}` : item.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
