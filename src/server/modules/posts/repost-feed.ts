// Reposts in the home feed and on the reposter's profile (docs/feed.md "Reposts and quotes"): each
// is its own item, keyed by the repost's id at the repost's time, showing the post it shares under
// "Reposted by {name}".
// They pass the visibility rule again as the page is presented, so a cached page never shows a
// repost the reader may no longer see: from memory for those the reader was shown, kept until an
// event may have changed them (repost-views.ts).
import type { PostView } from "../../../domain/contracts/posts";
import type { AppContext } from "../../context";
import { newAccountsSince } from "../../policy/new-accounts";
import { toPersonSummary } from "../profiles/person";
import { presentPost } from "./present";
import type { PostKey } from "./queries";

/** The reposts among the keys as the viewer is shown them, by repost id. */
export async function presentReposts(
  deps: Pick<AppContext, "hydrator" | "config">,
  { keys, viewerId }: { keys: PostKey[]; viewerId: string | null },
): Promise<Map<string, PostView>> {
  const ids = keys.filter((k) => k.repostOf).map((k) => k.id);
  const reposts = await deps.hydrator.visibleReposts(viewerId, ids);
  const at = new Map(keys.map((k) => [k.id, k.createdAt]));
  const rows = new Map(
    (await deps.hydrator.hydrate([...new Set(reposts.map((r) => r.postId))], viewerId)).map(
      (row) => [row.post.id, row],
    ),
  );
  const shown = new Map<string, PostView>();
  const inertSince = newAccountsSince(new Date(), deps.config.newAccountDays);
  for (const repost of reposts) {
    const row = rows.get(repost.postId);
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
