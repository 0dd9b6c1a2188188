// Link-preview meta of /{handle}/{slug} (spec-1 §2 "Page metadata … set per post"): the post's
// text and image; 404 when gone. Read as GET /api/posts/by-path reads it, for the same viewer: a
// block either way or a suspended author makes it a missing post (docs/safety.md "Pages served by
// the server"). The words come from domain/page-titles.ts.
import { pageText } from "../../../domain/page-titles";
import type { PageMeta } from "../../http/page-meta";
import { getPostByPath, type PostReader } from "./service";

const POST_PATH = /^\/(@?[^/]+)\/([^/]+)\/?$/;

export async function postPageMeta(
  reader: PostReader,
  pathname: string,
  siteName: string,
  viewerId: string | null,
): Promise<PageMeta | null> {
  const match = POST_PATH.exec(pathname);
  if (!match?.[1] || !match[2] || match[2] === "edit-profile") return null;
  let handle: string;
  let slug: string;
  try {
    handle = decodeURIComponent(match[1]);
    slug = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  const post = await getPostByPath(reader, { handle, slug, viewerId }).catch(() => null);
  if (!post) {
    return {
      status: 404,
      ...pageText({ kind: "post-not-found" }, siteName),
      canonicalPath: pathname,
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
        content: post.content,
      },
      siteName,
    ),
    canonicalPath: post.path,
    image: post.imageUrl,
    type: "article",
  };
}
