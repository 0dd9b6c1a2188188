// The federation itself (docs/federation.md): Fedify's dispatchers and inbox listeners over our
// people and posts. An actor's id is stable by account (/ap/users/{user id}); WebFinger maps a
// handle (a reserved username or the default one) to it, so a bought or lapsed username changes
// the handle, not the actor. A remote server sees what a signed-out visitor sees, and less.
import {
  type Context,
  createFederation,
  type Federation,
  type KvStore,
  type MessageQueue,
} from "@fedify/fedify";
import {
  Application,
  Endpoints,
  Image,
  Mention,
  Note,
  Person,
  PropertyValue,
  PUBLIC_COLLECTION,
  Tombstone,
} from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import { ATTRIBUTE_LABELS, ATTRIBUTE_ORDER } from "../../../domain/attribute-labels";
import { isSensitive } from "../../../domain/audiences";
import type { PostView } from "../../../domain/contracts/posts";
import type { ProfileAttributes } from "../../../domain/contracts/profile-attributes";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { accountExists, userIdOfHandle, visitorProfileOf } from "../profiles/federated";
import { hasKeys } from "./key-queries";
import type { ActorKeys } from "./keys";
import { textToHtml } from "./note-html";
import { replyWithNote } from "./reply-queries";
import { hiddenFromRequester, signedWhenRequired } from "./signed-fetches";

/** The instance's own actor, which signs what no person sends (docs/federation.md "Instance"). */
export const INSTANCE_ACTOR = "instance";

export interface FederationDeps {
  db: Db;
  config: Config;
  kv: KvStore;
  queue: MessageQueue;
  keys: ActorKeys;
  /** A public post as a signed-out visitor sees it; null when there is none to see. */
  publicPost(postId: string): Promise<PostView | null>;
  /** How many people, posts and comments are here, for NodeInfo. */
  usage(): Promise<{ users: number; posts: number; comments: number }>;
}

const absolute = (url: string, base: string) => new URL(url, `${base}/`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The library types moments as the standard's Temporal, which Node 24 does not ship yet; the
 * polyfill it depends on makes them. */
type Instant = NonNullable<ConstructorParameters<typeof Note>[0]["published"]>;
export const instant = (iso: string) => Temporal.Instant.from(iso) as unknown as Instant;

export function createAppFederation(deps: FederationDeps): Federation<void> {
  const { config, db, keys } = deps;
  const base = config.publicUrl;
  const federation = createFederation<void>({
    kv: deps.kv,
    queue: deps.queue,
    origin: { handleHost: config.mailDomain, webOrigin: base },
    allowPrivateAddress: config.federation.allowPrivate,
    userAgent: { software: `${config.siteName}/1`, url: new URL(base) },
    manuallyStartQueue: true,
    // Mastodon's window: a Date more than 12 hours off is refused.
    signatureTimeWindow: { hours: 12 },
  });

  const signed = config.federation.signedFetches;
  federation
    .setActorDispatcher("/ap/users/{identifier}", async (ctx, identifier) => {
      if (
        signed &&
        identifier !== INSTANCE_ACTOR &&
        (await hiddenFromRequester(db, ctx, identifier))
      )
        return null;
      return actorOf(ctx, identifier, { db, config });
    })
    .authorize((ctx, identifier) =>
      identifier === INSTANCE_ACTOR ? true : signedWhenRequired(ctx, signed),
    )
    .mapHandle((_ctx, handle) => userIdOfHandle(db, handle))
    .setKeyPairsDispatcher((_ctx, identifier) => keys.pairsOf(identifier));

  // Lists of followers leave the server as their totals only (docs/federation.md "Privacy").
  federation
    .setFollowersDispatcher("/ap/users/{identifier}/followers", () => ({ items: [] }))
    .authorize((ctx) => signedWhenRequired(ctx, signed))
    .setCounter(async (_ctx, identifier) => {
      const shown = await visitorProfileOf(db, identifier);
      return shown ? shown.profile.counts.followers : null;
    });

  // Our posts, and our people's replies to posts from elsewhere: both are Notes, told apart by id.
  federation
    .setObjectDispatcher(Note, "/ap/posts/{id}", async (ctx, { id }) => {
      const post = await deps.publicPost(id);
      const reply = !post && UUID.test(id) ? await replyWithNote(db, id) : undefined;
      const authorId = post?.author.userId ?? reply?.userId;
      if (!authorId || (signed && (await hiddenFromRequester(db, ctx, authorId)))) return null;
      return post ? noteOf(ctx, post, base) : reply ? replyNoteOf(ctx, reply) : null;
    })
    .authorize((ctx) => signedWhenRequired(ctx, signed));

  federation.setNodeInfoDispatcher("/nodeinfo/2.1", async () => {
    const { users, posts, comments } = await deps.usage();
    return {
      software: { name: "chtcht", version: "0.1.0", homepage: new URL(base) },
      protocols: ["activitypub"],
      openRegistrations: true,
      usage: { users: { total: users }, localPosts: posts, localComments: comments },
    };
  });

  return federation;
}

/** A public post as a Note: to everyone, copied to the author's followers. */
export function noteOf(ctx: Context<void>, post: PostView, base: string): Note {
  const author = post.author.userId;
  return new Note({
    id: ctx.getObjectUri(Note, { id: post.id }),
    attribution: ctx.getActorUri(author),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(author),
    content: textToHtml(post.content),
    url: absolute(post.path, base),
    published: instant(post.createdAt),
    updated: post.updatedAt !== post.createdAt ? instant(post.updatedAt) : null,
    attachments: post.imageUrl ? [new Image({ url: absolute(post.imageUrl, base) })] : [],
  });
}

/** One of our people's replies to a post from elsewhere, as a Note that answers it and mentions
 * its author. */
export function replyNoteOf(
  ctx: Context<void>,
  reply: {
    id: string;
    userId: string;
    content: string;
    createdAt: Date;
    noteUri: string;
    authorUri: string;
    authorHandle: string;
  },
): Note {
  const mention = `@${reply.authorHandle}`;
  return new Note({
    id: ctx.getObjectUri(Note, { id: reply.id }),
    attribution: ctx.getActorUri(reply.userId),
    to: PUBLIC_COLLECTION,
    ccs: [new URL(reply.authorUri), ctx.getFollowersUri(reply.userId)],
    replyTarget: new URL(reply.noteUri),
    content: textToHtml(reply.content),
    published: instant(reply.createdAt.toISOString()),
    tags: [new Mention({ href: new URL(reply.authorUri), name: mention })],
  });
}

/** An actor as other servers see it: the instance's, or a person's as a signed-out visitor sees
 * them (docs/federation.md "What a remote server sees"); null for a missing or suspended person. */
export async function actorOf(
  ctx: Context<void>,
  identifier: string,
  { db, config }: Pick<FederationDeps, "db" | "config">,
): Promise<Application | Person | Tombstone | null> {
  const pairs = await ctx.getActorKeyPairs(identifier);
  const common = {
    id: ctx.getActorUri(identifier),
    inbox: ctx.getInboxUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: pairs[0]?.cryptographicKey,
    assertionMethods: pairs.map((pair) => pair.multikey),
  };
  if (identifier === INSTANCE_ACTOR) {
    return new Application({
      ...common,
      preferredUsername: config.mailDomain,
      name: config.siteName,
      manuallyApprovesFollowers: true,
    });
  }
  const shown = await visitorProfileOf(db, identifier);
  if (!shown) {
    // A deleted account's keys outlive it: its actor is gone (410), so the Delete it signed is
    // taken as genuine (docs/federation.md "Deleting an account").
    return (await hasKeys(db, identifier)) && !(await accountExists(db, identifier))
      ? new Tombstone({ id: ctx.getActorUri(identifier) })
      : null;
  }
  const { profile, discoverable, detailsElsewhere } = shown;
  const base = config.publicUrl;
  return new Person({
    ...common,
    preferredUsername: profile.handle,
    name: profile.fullName,
    summary: profile.about ? textToHtml(profile.about) : null,
    url: absolute(`/${profile.handle}`, base),
    icon: profile.profileImageUrl
      ? new Image({ url: absolute(profile.profileImageUrl, base) })
      : null,
    followers: ctx.getFollowersUri(identifier),
    manuallyApprovesFollowers: profile.privateAccount,
    discoverable,
    indexable: discoverable && !profile.privateAccount,
    attachments: detailsElsewhere ? detailsOf(profile.attributes) : [],
  });
}

/** The attributes a signed-out visitor sees (their audience is Everyone), sensitive ones never
 * (docs/federation.md "What a remote server sees"), as profile fields in the profile's order. */
function detailsOf(attributes: ProfileAttributes): PropertyValue[] {
  return ATTRIBUTE_ORDER.flatMap((key) => {
    const value = attributes[key];
    if (value === null || value === "" || isSensitive(key)) return [];
    return [new PropertyValue({ name: ATTRIBUTE_LABELS[key], value: String(value) })];
  });
}
