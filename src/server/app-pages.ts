// The status and <head> of every page of the web app the server answers (docs/architecture.md
// "Web app pages"): the address names a page by the route table of domain/page-routes.ts; a
// profile (with its first posts) or a post is then read for the viewer, and for a signed-in viewer
// the home page's first page of the feed, search's newest profiles and mail's first threads;
// anything else takes its title from domain/page-titles.ts. A fediverse handle (`/@name@server`) is
// a person elsewhere, whom only the signed-in app looks up (docs/federation.md "In the web app"):
// 200 with a neutral title, nothing read.
// Unknown addresses answer 404 'Page not found'.
import type { SessionUser } from "../domain/contracts/auth";
import type { HeaderState } from "../domain/contracts/header-state";
import { THREADS_PAGE_SIZE } from "../domain/contracts/mail";
import type { PageData } from "../domain/contracts/page-data";
import { FEDIVERSE_HANDLE } from "../domain/fediverse-handle";
import { FEED_PAGE_SIZE, USER_POSTS_FETCH } from "../domain/limits";
import { type PageRoute, pageRoute } from "../domain/page-routes";
import { pageText } from "../domain/page-titles";
import type { AppContext } from "./context";
import type { PageMeta, PageMetaResolver } from "./http/app-html";
import { unreadCount } from "./modules/activity/service";
import { threadsPage, unreadThreadCount } from "./modules/mail/service";
import { postPageMeta } from "./modules/posts/post-meta";
import { feedPage, userPostsPage } from "./modules/posts/service";
import { profilePageMeta } from "./modules/profiles/profile-meta";
import { getProfileByHandle } from "./modules/profiles/service";
import { standingOf } from "./modules/safety/standing";
import { recentProfiles } from "./modules/search/service";
import { ownedUsername } from "./modules/usernames/subscription";

/** The signed-in home page's block: the feed's first page, and the viewer's own profile, which
 * the first-steps checklist above the feed reads (web/screens/Home/feed-home.tsx). None when the
 * profile cannot be read (the app then asks the API as it would without the block). */
async function feedData(ctx: AppContext, viewer: SessionUser): Promise<PageData | undefined> {
  const [posts, profile] = await Promise.all([
    feedPage(ctx, { viewerId: viewer.id, limit: FEED_PAGE_SIZE }),
    getProfileByHandle(ctx.db, { handle: viewer.handle, viewerId: viewer.id }).catch(() => null),
  ]);
  return profile ? { kind: "feed", posts, handle: viewer.handle, profile } : undefined;
}

/** What a signed-in viewer's home, search or mail page shows first, read as the API reads it. */
async function signedInData(
  ctx: AppContext,
  route: PageRoute,
  viewer: SessionUser,
): Promise<PageData | undefined> {
  switch (route.kind) {
    case "home":
      return feedData(ctx, viewer);
    case "search":
      return { kind: "search", recent: await recentProfiles(ctx, viewer.id) };
    case "mail":
      return {
        kind: "mail",
        threads: await threadsPage(ctx, { viewerId: viewer.id, limit: THREADS_PAGE_SIZE }),
      };
    default:
      return undefined;
  }
}

export function appPageMeta(ctx: AppContext, siteName: string): PageMetaResolver {
  return async (pathname, viewer): Promise<PageMeta> => {
    const route = pageRoute(pathname);
    const viewerId = viewer?.id ?? null;
    switch (route.kind) {
      case "profile":
        if (FEDIVERSE_HANDLE.test(route.handle)) {
          return {
            status: 200,
            ...pageText({ kind: "remote-profile", handle: route.handle }, siteName),
            canonicalPath: `/@${route.handle}`,
            type: "profile",
          };
        }
        return profilePageMeta(ctx.db, {
          handle: route.handle,
          siteName,
          viewerId,
          firstPosts: (userId) => userPostsPage(ctx, { userId, viewerId, limit: USER_POSTS_FETCH }),
        });
      case "post":
        return postPageMeta(ctx, { handle: route.handle, slug: route.slug, siteName, viewerId });
      case "tag":
        return {
          status: 200,
          ...pageText(route, siteName),
          canonicalPath: `/tags/${encodeURIComponent(route.tag)}`,
          type: "website",
        };
      default:
        return {
          status: route.kind === "not-found" ? 404 : 200,
          ...pageText({ kind: route.kind }, siteName),
          canonicalPath: pathname,
          type: "website",
          preview: viewer ? await signedInData(ctx, route, viewer) : undefined,
        };
    }
  };
}

/** What the signed-in header shows, read as its four API calls read it. */
export function headerStateOf(ctx: AppContext) {
  return async (userId: string): Promise<HeaderState> => {
    const [standing, activity, mail, username] = await Promise.all([
      standingOf(ctx, userId),
      unreadCount(ctx.db, userId),
      unreadThreadCount(ctx.db, userId),
      ownedUsername(ctx, userId),
    ]);
    return {
      standing,
      unreadActivity: { count: activity },
      unreadMail: { count: mail },
      mine: { username },
    };
  };
}
