// A post's tags follow its text (docs/feed.md "Hashtags"): written with the post, rewritten with
// each edit, taken off when it is deleted or a moderator removes it, back when restored; always in
// the caller's transaction.
import { hashtagsIn } from "../../../domain/hashtags";
import type { Db } from "../../db/client";
import { deletePostTags, setPostTags } from "./tag-queries";

/** Whether the text names any tag (an edit to or from such a text retags its post). */
export const hasTags = (text: string) => hashtagsIn(text).length > 0;

/** Makes the post's tags those of its text. */
export async function tagPost(tx: Db, { postId, content }: { postId: string; content: string }) {
  await setPostTags(tx, { postId, tags: hashtagsIn(content) });
}

/** Takes the post off every tag's page. */
export const untagPost = (tx: Db, postId: string) => deletePostTags(tx, postId);
