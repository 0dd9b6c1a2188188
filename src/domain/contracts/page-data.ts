// The view a profile or a post page is answered with, embedded in its HTML as a JSON data block
// (docs/architecture.md "Web app pages"): the app's first render starts from it instead of asking
// the API for what the server has just read. It is the API's own answer for the same viewer.
import { z } from "zod";
import { postView } from "./posts";
import { profileView } from "./profiles";

export const pageData = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("profile"), handle: z.string(), profile: profileView }),
  z.object({ kind: z.literal("post"), handle: z.string(), slug: z.string(), post: postView }),
]);
export type PageData = z.infer<typeof pageData>;
