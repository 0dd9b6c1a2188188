// Posts as a viewer's muted words leave them (docs/safety.md "Muted words"): marked with the
// entries their text or content warning matches, and so is the post a quote's card shows, so the
// browser shows them collapsed. The views are each answer's own objects, never the post cache's
// shared ones.
import type { PostView } from "../../../domain/contracts/posts";
import type { MutedMarker } from "../../policy/muted-words";

export function markMutedPost(view: PostView, mark: MutedMarker): PostView {
  const muted = mark(view.author.userId, [view.contentWarning, view.content]);
  if (muted.length > 0) view.mutedBy = muted;
  const quoted = view.quote;
  if (quoted && !quoted.unavailable) {
    const inCard = mark(quoted.author.userId, [quoted.contentWarning, quoted.content]);
    if (inCard.length > 0) view.quote = { ...quoted, mutedBy: inCard };
  }
  return view;
}

export function markMutedPosts(items: PostView[], mark: MutedMarker): PostView[] {
  for (const item of items) markMutedPost(item, mark);
  return items;
}
