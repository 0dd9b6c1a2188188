// A page of post keys as a list shows it (docs/feed.md): ours from the hydrator, reposts with who
// reposted them (repost-feed.ts), posts from elsewhere as federation presents them
// (ports/federation.ts, for a signed-in viewer), in the keys' order and each post once.
import type { PostView } from "../../../domain/contracts/posts";
import type { AppContext } from "../../context";
import { pageOf } from "../../db/keyset";
import { presentInOrder } from "./present";
import type { PostKey } from "./queries";
import { oncePerPost, presentReposts } from "./repost-feed";

export type PageDeps = Pick<AppContext, "db" | "hydrator" | "federation">;

/** The keys newest first, `limit` and one more (which tells whether a next page exists). */
export async function presentPage(
  deps: PageDeps,
  { keys, limit, viewerId }: { keys: PostKey[]; limit: number; viewerId: string | null },
) {
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({ at: k.createdAt, id: k.id }));
  const own = page.filter((k) => !k.remote && !k.repostOf).map((k) => k.id);
  if (own.length === page.length) {
    return {
      items: presentInOrder(await deps.hydrator.hydrate(own, viewerId), own, viewerId),
      nextCursor,
    };
  }
  const elsewhere = page.filter((k) => k.remote).map((k) => k.id);
  const [hydrated, reposts, remote] = await Promise.all([
    deps.hydrator.hydrate(own, viewerId),
    presentReposts(deps, { keys: page, viewerId }),
    viewerId && elsewhere.length > 0
      ? deps.federation.presentNotes(deps.db, {
          ids: elsewhere,
          viewerId,
          // Posts from elsewhere that quote ours show our post's card by our rule
          // (docs/federation.md "Quotes").
          quoteCards: (quotes) => deps.hydrator.quoteCards(quotes, viewerId),
        })
      : [],
  ]);
  const byId = new Map<string, PostView>([
    ...presentInOrder(hydrated, own, viewerId).map((p) => [p.id, p] as const),
    ...reposts,
    // A boost is its own feed item, beside its post's.
    ...remote.map((p) => [p.remote?.boostedBy?.id ?? p.id, p] as const),
  ]);
  return { items: oncePerPost(page.flatMap((k) => byId.get(k.id) ?? [])), nextCursor };
}
