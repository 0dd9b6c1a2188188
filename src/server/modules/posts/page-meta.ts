// Link-preview meta of /{handle}/{slug} (issue 5 §2): the post's text and image; 404 when gone.
import type { PageMeta } from "../../http/page-meta";
import { getPostByPath, type PostReader } from "./service";

const POST_PATH = /^\/(@?[^/]+)\/([^/]+)\/?$/;

export async function postPageMeta(
  reader: PostReader,
  pathname: string,
  siteName: string,
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
  const post = await getPostByPath(reader, handle, slug, null).catch(() => null);
  if (!post) {
    return {
      status: 404,
      title: `Post not found · ${siteName}`,
      description: "This post is no longer available.",
      canonicalPath: pathname,
      type: "website",
    };
  }
  return {
    status: 200,
    title: `${post.author.fullName} (@${post.author.handle}) · ${siteName}`,
    description: post.content,
    canonicalPath: post.path,
    image: post.imageUrl,
    type: "article",
  };
}
