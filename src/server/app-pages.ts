// The status and <head> of every page of the web app the server answers (docs/architecture.md
// "Web app pages"): the address names a page by the route table of domain/page-routes.ts; a
// profile (with its first posts) or a post is then read for the viewer, and the signed-in home
// page's first page of the feed; anything else takes its title from domain/page-titles.ts.
// Unknown addresses answer 404 'Page not found'.
import { FEED_PAGE_SIZE, USER_POSTS_FETCH } from "../domain/limits";
import { pageRoute } from "../domain/page-routes";
import { pageText } from "../domain/page-titles";
import type { AppContext } from "./context";
import type { PageMeta, PageMetaResolver } from "./http/page-meta";
import { postPageMeta } from "./modules/posts/page-meta";
import { feedPage, userPostsPage } from "./modules/posts/service";
import { profilePageMeta } from "./modules/profiles/page-meta";

export function appPageMeta(ctx: AppContext, siteName: string): PageMetaResolver {
  return async (pathname, viewerId): Promise<PageMeta> => {
    const route = pageRoute(pathname);
    switch (route.kind) {
      case "profile":
        return profilePageMeta(ctx.db, {
          handle: route.handle,
          siteName,
          viewerId,
          firstPosts: (userId) => userPostsPage(ctx, { userId, viewerId, limit: USER_POSTS_FETCH }),
        });
      case "post":
        return postPageMeta(ctx, { handle: route.handle, slug: route.slug, siteName, viewerId });
      default:
        return {
          status: route.kind === "not-found" ? 404 : 200,
          ...pageText({ kind: route.kind }, siteName),
          canonicalPath: pathname,
          type: "website",
          ...(route.kind === "home" && viewerId
            ? {
                preview: {
                  kind: "feed",
                  posts: await feedPage(ctx, { viewerId, limit: FEED_PAGE_SIZE }),
                },
              }
            : {}),
        };
    }
  };
}
