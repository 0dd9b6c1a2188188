// Shapes of bookmarks and pins (docs/feed.md "Bookmarks", "Pinned posts").
import { z } from "zod";
import { postView } from "./posts";

export const bookmarkResponse = z.object({ bookmarked: z.boolean() });
export const pinResponse = z.object({ pinned: z.boolean() });
/** What the post's menu shows the signed-in viewer: their bookmark, and whether it is pinned. */
export const postMarksResponse = z.object({ bookmarked: z.boolean(), pinned: z.boolean() });
/** A person's pinned posts, newest pin first: at most PINNED_POSTS_MAX. */
export const pinnedPostsResponse = z.object({ items: z.array(postView) });
