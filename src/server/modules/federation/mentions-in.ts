// Mentions that arrive (docs/federation.md "Mentions"): which of our people a Note's `Mention`
// tags name. Only tags given in the Note itself are read (nothing is fetched for them), and only
// the first MAX_MENTIONS of ours count.
import type { InboxContext } from "@fedify/fedify";
import { Mention, type Note } from "@fedify/vocab";
import { MAX_MENTIONS } from "../../../domain/mentions";
import { INSTANCE_ACTOR } from "./instance-actor";

/** A Note names at most this many tags that we look at (hashtags, emoji and mentions alike). */
export const TAGS_READ = 100;

/** Our people the Note mentions, each once, in the order of its tags. */
export async function mentionedHere(ctx: InboxContext<void>, note: Note): Promise<string[]> {
  const people = new Set<string>();
  let read = 0;
  for await (const tag of note.getTags({ crossOrigin: "ignore", suppressError: true })) {
    if (++read > TAGS_READ || people.size === MAX_MENTIONS) break;
    if (!(tag instanceof Mention) || !tag.href) continue;
    const parsed = ctx.parseUri(tag.href);
    if (parsed?.type === "actor" && parsed.identifier !== INSTANCE_ACTOR) {
      people.add(parsed.identifier);
    }
  }
  return [...people];
}
