// Hydrated rows → the API's PostView, in the order of the ids asked for.
import type { PostView } from "../../../domain/contracts/posts";
import { displayHandle } from "../../../domain/handles";
import { toPersonSummary } from "../profiles/person";
import type { HydratedPost } from "./queries";

export function presentPost(row: HydratedPost, viewerId: string | null): PostView {
  const { post, author } = row;
  return {
    id: post.id,
    author: toPersonSummary(author),
    content: post.content,
    imageUrl: post.imageUrl,
    path: `/${displayHandle(author)}/${post.slug}`,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    viewsCount: post.viewsCount,
    likedByMe: Boolean(row.likedByMe),
    isAuthor: viewerId === post.userId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

export function presentInOrder(
  rows: HydratedPost[],
  ids: string[],
  viewerId: string | null,
): PostView[] {
  const byId = new Map(rows.map((row) => [row.post.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentPost(row, viewerId)] : [];
  });
}
