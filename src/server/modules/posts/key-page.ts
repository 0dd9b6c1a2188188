// A page of post keys as a list shows it (docs/feed.md): ours from the hydrator, reposts with who
// reposted them (repost-feed.ts), posts from elsewhere as federation presents them
// (ports/federation.ts, for a signed-in viewer), in the keys' order and each post once, those
// the viewer's muted words match marked (docs/safety.md "Muted words").
import type { PostView } from "../../../domain/contracts/posts";
import type { AppContext } from "../../context";
import { pageOf } from "../../db/keyset";
import { newAccountsSince } from "../../policy/new-accounts";
import { markMutedPosts } from "./muted";
import { presentInOrder } from "./present";
import type { PostKey } from "./queries";
import { oncePerPost, presentReposts } from "./repost-feed";

export type PageDeps = Pick<AppContext, "db" | "hydrator" | "federation" | "config" | "mutedWords">;

/** The keys newest first, `limit` and one more (which tells whether a next page exists). */
export async function presentPage(
  deps: PageDeps,
  { keys, limit, viewerId }: { keys: PostKey[]; limit: number; viewerId: string | null },
) {
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({ at: k.createdAt, id: k.id }));
  const own = page.filter((k) => !k.remote && !k.repostOf).map((k) => k.id);
  const now = new Date();
  const marker = deps.mutedWords.marker(viewerId, { context: "feed", now });
  // A new account's links are inert (docs/safety.md "New accounts").
  const inertSince = newAccountsSince(now, deps.config.newAccountDays);
  if (own.length === page.length) {
    const [hydrated, mark] = await Promise.all([deps.hydrator.hydrate(own, viewerId), marker]);
    const items = presentInOrder(hydrated, own, viewerId, inertSince);
    return { items: markMutedPosts(items, mark), nextCursor };
  }
  const elsewhere = page.filter((k) => k.remote).map((k) => k.id);
  const reposts = page.filter((k) => k.repostOf);
  // The reposted posts are hydrated with the page's own, in the same load, while the rule picks
  // the reposts the viewer may be shown: one round trip, not two after each other.
  const shared = reposts.map((k) => k.repostOf as string);
  const [hydrated, visible, remote, mark] = await Promise.all([
    deps.hydrator.hydrate([...new Set([...own, ...shared])], viewerId),
    deps.hydrator.visibleReposts(
      viewerId,
      reposts.map((k) => k.id),
    ),
    viewerId && elsewhere.length > 0
      ? deps.federation.presentNotes(deps.db, {
          ids: elsewhere,
          viewerId,
          // Posts from elsewhere that quote ours show our post's card by our rule
          // (docs/federation.md "Quotes").
          quoteCards: (quotes) => deps.hydrator.quoteCards(quotes, viewerId),
        })
      : [],
    marker,
  ]);
  const byId = new Map<string, PostView>([
    ...presentInOrder(hydrated, own, viewerId, inertSince).map((p) => [p.id, p] as const),
    ...presentReposts({ keys: page, reposts: visible, rows: hydrated, viewerId, inertSince }),
    // A boost, and a repost here of a post from elsewhere, is its own feed item, beside its
    // post's.
    ...remote.map((p) => [p.remote?.boostedBy?.id ?? p.repostedBy?.id ?? p.id, p] as const),
  ]);
  const items = oncePerPost(page.flatMap((k) => byId.get(k.id) ?? []));
  return { items: markMutedPosts(items, mark), nextCursor };
}
