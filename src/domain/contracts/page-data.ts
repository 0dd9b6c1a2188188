// The view a profile, a post or a signed-in feed, search or mail page is answered with, embedded in
// its HTML as a JSON data block (docs/architecture.md "Web app pages"): the app's first render
// starts from it instead of asking the API for what the server has just read. Each part is the
// API's own answer for the same viewer: the profile with its first page of posts, the post, the
// feed's first page with the viewer's own profile, search's newest profiles, mail's first threads.
import { z } from "zod";
import { threadsPage } from "./mail";
import { postPage, postView } from "./posts";
import { profileView } from "./profiles";
import { recentProfilesResponse } from "./search";

export const pageData = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("profile"),
    handle: z.string(),
    profile: profileView,
    posts: postPage,
  }),
  z.object({ kind: z.literal("post"), handle: z.string(), slug: z.string(), post: postView }),
  z.object({
    kind: z.literal("feed"),
    posts: postPage,
    /** The viewer's own profile, which the first-steps checklist above the feed reads. */
    handle: z.string(),
    profile: profileView,
  }),
  /** GET /api/search/recent: the people search shows before anything is searched. */
  z.object({ kind: z.literal("search"), recent: recentProfilesResponse }),
  /** GET /api/mail/threads: the first page of the mail list. */
  z.object({ kind: z.literal("mail"), threads: threadsPage }),
]);
export type PageData = z.infer<typeof pageData>;
