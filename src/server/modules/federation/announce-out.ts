// A repost of one of our posts, sent out (docs/federation.md "What goes out"): an Announce of the
// post's Note from the reposter, to the public and their followers as Mastodon addresses a boost
// (a private reposter's to their followers only), and Undo(Announce) when it is taken back. Only a
// public post is announced (a private account's posts cannot be reposted: docs/feed.md "Reposts
// and quotes"); the Undo goes whatever became of the post, so a server that showed the repost
// takes it back.
import type { Context } from "@fedify/fedify";
import { Announce, Note, PUBLIC_COLLECTION, type Recipient, Undo } from "@fedify/vocab";
import type { Db } from "../../db/client";
import type { FederateMessage } from "../../outbox/messages";
import { type AudienceElsewhere, postsAudienceElsewhere } from "../../policy/elsewhere";

/** What an Announce needs of outbound.ts's deps (named here, so the two files import one way). */
interface AnnounceDeps {
  db: Db;
  postToFederate(postId: string): Promise<{ audience: AudienceElsewhere } | null>;
}

type AnnounceMessage = Extract<FederateMessage, { kind: "announce" | "announce.undo" }>;

export async function sendAnnounce(
  ctx: Context<void>,
  deps: AnnounceDeps,
  message: AnnounceMessage,
  followersOf: (userId: string) => Promise<Recipient[]>,
) {
  const { userId, postId, repostId } = message;
  if (message.kind === "announce") {
    const found = await deps.postToFederate(postId);
    if (found?.audience !== "public") return;
  }
  const audience = await postsAudienceElsewhere(deps.db, userId);
  if (!audience) return;
  const recipients = await followersOf(userId);
  if (recipients.length === 0) return;
  const actor = ctx.getActorUri(userId);
  const followers = ctx.getFollowersUri(userId);
  const noteId = ctx.getObjectUri(Note, { id: postId });
  const addressed =
    audience === "public" ? { to: PUBLIC_COLLECTION, cc: followers } : { to: followers };
  const id = new URL(`#announce-${repostId}`, actor);
  const announce = new Announce({ id, actor, ...addressed, object: noteId });
  const activity =
    message.kind === "announce"
      ? announce
      : new Undo({
          id: new URL(`#undo-announce-${repostId}`, actor),
          actor,
          ...addressed,
          object: announce,
        });
  await ctx.sendActivity({ identifier: userId }, recipients, activity, {
    preferSharedInbox: true,
    orderingKey: id.href,
  });
}
