// The view a profile, a post or the signed-in feed page is answered with, embedded in its HTML as
// a JSON data block (docs/architecture.md "Web app pages"): the app's first render starts from it
// instead of asking the API for what the server has just read. Each part is the API's own answer
// for the same viewer: the profile with its first page of posts, the post, the feed's first page
// with the viewer's own profile.
import { z } from "zod";
import { postPage, postView } from "./posts";
import { profileView } from "./profiles";

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
]);
export type PageData = z.infer<typeof pageData>;
