// A repost of one of our posts, or of a post from elsewhere, sent out (docs/federation.md "Reposts
// going out"): an Announce of the post's Note from the reposter, to the public and their followers
// as Mastodon addresses a boost (a private reposter's to their followers only), and Undo(Announce)
// when it is taken back. Only a public post of ours is announced (a private account's posts cannot
// be reposted: docs/feed.md "Reposts and quotes"); a post from elsewhere goes to its author's
// inbox too, as their server counts boosts from the Announces it receives. The Undo goes whatever
// became of the post, so a server that showed the repost takes it back.
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
type NoteAnnounceMessage = Extract<
  FederateMessage,
  { kind: "note.announce" | "note.announce.undo" }
>;

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
  const note = ctx.getObjectUri(Note, { id: postId });
  await send(ctx, {
    userId,
    repostId,
    note,
    audience,
    recipients,
    undo: message.kind !== "announce",
  });
}

/** A repost of a post from elsewhere: to the reposter's followers elsewhere and, when public, to
 * the post's author, whose server counts it. */
export async function sendNoteAnnounce(
  ctx: Context<void>,
  deps: { db: Db; authorOf(actorId: string): Promise<Recipient | null> },
  message: NoteAnnounceMessage,
  followersOf: (userId: string) => Promise<Recipient[]>,
) {
  const { userId, repostId } = message;
  const audience = await postsAudienceElsewhere(deps.db, userId);
  if (!audience) return;
  const followers = await followersOf(userId);
  const author = audience === "public" ? await deps.authorOf(message.authorId) : null;
  const recipients =
    author && !followers.some((f) => f.id?.href === author.id?.href)
      ? [...followers, author]
      : followers;
  const note = new URL(message.noteUri);
  const undo = message.kind === "note.announce.undo";
  await send(ctx, { userId, repostId, note, audience, recipients, undo });
}

async function send(
  ctx: Context<void>,
  a: {
    userId: string;
    repostId: string;
    note: URL;
    audience: AudienceElsewhere;
    recipients: Recipient[];
    undo: boolean;
  },
) {
  if (a.recipients.length === 0) return;
  const actor = ctx.getActorUri(a.userId);
  const followers = ctx.getFollowersUri(a.userId);
  const addressed =
    a.audience === "public" ? { to: PUBLIC_COLLECTION, cc: followers } : { to: followers };
  const id = new URL(`#announce-${a.repostId}`, actor);
  const announce = new Announce({ id, actor, ...addressed, object: a.note });
  const activity = a.undo
    ? new Undo({
        id: new URL(`#undo-announce-${a.repostId}`, actor),
        actor,
        ...addressed,
        object: announce,
      })
    : announce;
  // One person's Announces and Undos of one post share this key, so an Undo never overtakes its
  // Announce, nor a repost made again the Undo of the one before.
  await ctx.sendActivity({ identifier: a.userId }, a.recipients, activity, {
    preferSharedInbox: true,
    orderingKey: `${actor.href} announces ${a.note.href}`,
  });
}
