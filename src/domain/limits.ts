// Limits of the specs that the server enforces and the browser shows (spec-1 §9, spec-2 §3),
// kept apart from the zod contracts so the first script can read them without zod
// (docs/performance.md "Initial JavaScript").

export const COMMENT_MAX = 500;

/** A post's content warning (docs/feed.md "Content warnings"): a short line, as Misskey's is at
 * most 100 characters, so every server we send it to keeps it whole. */
export const CONTENT_WARNING_MAX = 100;
export const FEED_PAGE_SIZE = 20;
/** A post's images (docs/profiles-and-media.md "Post images"): at most four, as Mastodon takes,
 * each with a description of at most 1,500 characters, Mastodon's own limit. */
export const POST_IMAGES_MAX = 4;
export const IMAGE_ALT_MAX = 1500;
/** spec-1 §9 "Per-user posts: fetch 40, show 8": a profile asks for 40 posts at a time and
 * shows 8 more at each Load More. */
export const USER_POSTS_FETCH = 40;
export const USER_POSTS_SHOWN = 8;
/** How many of their own posts a person may pin to their profile (docs/feed.md "Pinned posts"). */
export const PINNED_POSTS_MAX = 3;
/** The Bookmarks page's page size. */
export const BOOKMARKS_PAGE_SIZE = 20;
/** spec-1 §9: the header search shows 15 people. */
export const PEOPLE_SEARCH_LIMIT = 15;
export const REPORT_DETAILS_MAX = 500;
export const CITY_QUERY_MAX = 64;
/** Shorter city queries answer no items (and the browser does not send them). */
export const CITY_QUERY_MIN_SEARCH = 2;
