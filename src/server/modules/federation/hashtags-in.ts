// Hashtags that arrive (docs/federation.md "Hashtags"): the tags a Note names in its `Hashtag` tags,
// as our keys (domain/hashtags.ts), each once and at most as many as a post of ours indexes. Only
// tags given in the Note itself are read; a name that cannot be a tag here is skipped.
import { Hashtag, type Note } from "@fedify/vocab";
import { MAX_POST_TAGS, parseTagName } from "../../../domain/hashtags";
import { TAGS_READ } from "./mentions-in";

export async function hashtagsOf(note: Note): Promise<string[]> {
  const keys = new Set<string>();
  let read = 0;
  for await (const tag of note.getTags({ crossOrigin: "ignore", suppressError: true })) {
    if (++read > TAGS_READ || keys.size === MAX_POST_TAGS) break;
    if (!(tag instanceof Hashtag) || tag.name === null) continue;
    const key = parseTagName(tag.name.toString().trim());
    if (key !== null) keys.add(key);
  }
  return [...keys];
}
