// Link-preview meta of /{handle}/{slug} (spec-1 §2 "Page metadata … set per post"): the post's
// text and image, or, behind a content warning, the warning and no image (a sensitive image is
// left out too: docs/feed.md "Content warnings"); 404 when gone. Read as GET /api/posts/by-path reads it, for the same viewer: a
// block either way or a suspended author makes it a missing post (docs/safety.md "Pages served by
// the server"). The words come from domain/page-titles.ts.
import { pageText } from "../../../domain/page-titles";
import type { PageMeta } from "../../http/app-html";
import { getPostByPath, type PostReader } from "./service";

interface PostPage {
  handle: string;
  slug: string;
  siteName: string;
  viewerId: string | null;
}

/** `handle` and `slug` as domain/page-routes.ts gives them, decoded. */
export async function postPageMeta(
  reader: PostReader,
  { handle, slug, siteName, viewerId }: PostPage,
): Promise<PageMeta> {
  const post = await getPostByPath(reader, { handle, slug, viewerId }).catch(() => null);
  if (!post) {
    return {
      status: 404,
      ...pageText({ kind: "post-not-found" }, siteName),
      canonicalPath: `/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}`,
      type: "website",
    };
  }
  return {
    status: 200,
    ...pageText(
      {
        kind: "post",
        authorName: post.author.fullName,
        handle: post.author.handle,
        content:
          post.contentWarning === null ? post.content : `Content warning: ${post.contentWarning}`,
      },
      siteName,
    ),
    canonicalPath: post.path,
    image:
      post.contentWarning === null && !post.imageSensitive ? (post.images[0]?.url ?? null) : null,
    type: "article",
    preview: { kind: "post", handle, slug, post },
  };
}
