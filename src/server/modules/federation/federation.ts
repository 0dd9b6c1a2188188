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
  type RequestContext,
} from "@fedify/fedify";
import {
  Application,
  Endpoints,
  Hashtag,
  Image,
  InteractionPolicy,
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
import { hashtagsIn } from "../../../domain/hashtags";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { AudienceElsewhere } from "../../policy/elsewhere";
import { accountExists, userIdOfHandle, visitorProfileOf } from "../profiles/federated";
import type { DeliveryHealth } from "./delivery-health";
import { INSTANCE_ACTOR } from "./instance-actor";
import { hasKeys } from "./key-queries";
import type { ActorKeys } from "./keys";
import { mentionedElsewhere } from "./mentions-out";
import { tagUrl, textToHtml } from "./note-html";
import type { RemoteActorRow } from "./queries";
import { quoteAuthorizationUri, serveQuoteAuthorizations } from "./quote-approvals";
import {
  type QuotedElsewhere,
  quotedElsewhere,
  quotedNoteUri,
  quoteFallbackHtml,
  quoteProperties,
  quoteRule,
} from "./quote-out";
import { replyRule } from "./reply-out";
import { replyWithNote } from "./reply-queries";
import { hiddenFromRequester, signedWhenRequired } from "./signed-fetches";

export interface FederationDeps {
  db: Db;
  config: Config;
  kv: KvStore;
  queue: MessageQueue;
  keys: ActorKeys;
  /** Told of each failed delivery attempt and each inbox given up on (docs/federation.md
   * "Deliveries per server"). */
  deliveries: Pick<DeliveryHealth, "attemptFailed" | "gaveUp">;
  /** A post of ours as the person elsewhere at `actorUri` sees it (null `actorUri`: a signed-out
   * visitor); null when they may not. */
  postSeenBy(postId: string, actorUri: string | null): Promise<PostView | null>;
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
    // Outgoing deliveries only: an activity that arrives is applied while its sender waits
    // (docs/federation.md "Safety").
    queue: { outbox: deps.queue, fanout: deps.queue },
    origin: { handleHost: config.mailDomain, webOrigin: base },
    allowPrivateAddress: config.federation.allowPrivate,
    userAgent: { software: `${config.siteName}/1`, url: new URL(base) },
    manuallyStartQueue: true,
    // Mastodon's window: a Date more than 12 hours off is refused.
    signatureTimeWindow: { hours: 12 },
    onOutboxError: deps.deliveries.attemptFailed,
  });
  federation.setOutboxPermanentFailureHandler((_ctx, { error }) => deps.deliveries.gaveUp(error));

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

  // Lists of followers and of the people followed leave the server as their totals only
  // (docs/federation.md "Privacy"); the following collection is what a post's `canReply` names
  // for 'People I follow' (reply-out.ts).
  federation
    .setFollowersDispatcher("/ap/users/{identifier}/followers", () => ({ items: [] }))
    .authorize((ctx) => signedWhenRequired(ctx, signed))
    .setCounter(async (_ctx, identifier) => {
      const shown = await visitorProfileOf(db, identifier);
      return shown ? shown.profile.counts.followers : null;
    });
  federation
    .setFollowingDispatcher("/ap/users/{identifier}/following", () => ({ items: [] }))
    .authorize((ctx) => signedWhenRequired(ctx, signed))
    .setCounter(async (_ctx, identifier) => {
      const shown = await visitorProfileOf(db, identifier);
      return shown ? shown.profile.counts.following : null;
    });

  // Our posts, and our people's replies to posts from elsewhere: both are Notes, told apart by id.
  // A private account's posts answer only a signed fetch by one of its approved followers there.
  federation
    .setObjectDispatcher(Note, "/ap/posts/{id}", async (ctx, { id }) => {
      if (!UUID.test(id)) return null;
      const open = await deps.postSeenBy(id, null);
      const post = open ?? (await deps.postSeenBy(id, await requesterOf(ctx)));
      const reply = post ? undefined : await replyWithNote(db, id);
      const authorId = post?.author.userId ?? reply?.userId;
      if (!authorId || (signed && (await hiddenFromRequester(db, ctx, authorId)))) return null;
      // The people elsewhere it mentions whom we already know (nothing is fetched for a read).
      const known = (text: string) =>
        mentionedElsewhere(ctx, db, { text, authorId, lookUp: false });
      if (post) {
        const audience = open ? "public" : "followers";
        return noteOf(ctx, post, base, {
          audience,
          mentioned: audience === "public" ? await known(post.content) : [],
          elsewhere: audience === "public" ? await quotedElsewhere(db, post) : null,
        });
      }
      return reply ? replyNoteOf(ctx, reply, await known(reply.content)) : null;
    })
    .authorize((ctx) => signedWhenRequired(ctx, signed));

  serveQuoteAuthorizations(federation, deps);

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

/** A `Mention` of each person elsewhere the text names (docs/federation.md "Mentions"). */
const mentionTags = (mentioned: RemoteActorRow[]) =>
  mentioned.map((a) => new Mention({ href: new URL(a.uri), name: `@${a.handle}` }));

/** A `Hashtag` of each tag the text names, linking its page here (docs/federation.md "Hashtags"). */
const hashtagTags = (text: string, tagsAt: string) =>
  hashtagsIn(text).map(
    (t) => new Hashtag({ href: new URL(tagUrl(tagsAt, t.key)), name: `#${t.name}` }),
  );

/** Their mentions in the text link to their pages (or their actors). */
const mentionLinks = (mentioned: RemoteActorRow[]) =>
  mentioned.map((a) => ({ handle: a.handle, url: a.url ?? a.uri }));

/** The actor that signed this request, when it is signed. */
async function requesterOf(ctx: RequestContext<void>): Promise<string | null> {
  const key = await ctx.getSignedKey().catch(() => null);
  return key?.ownerId?.href ?? null;
}

/** Who a post goes to: everyone (copied to the author's followers and the people elsewhere it
 * mentions or whose post it quotes), or a private account's followers only (docs/federation.md
 * "Posts"). */
export function addressedTo(
  ctx: Context<void>,
  authorId: string,
  audience: AudienceElsewhere,
  mentioned: RemoteActorRow[],
) {
  const followers = ctx.getFollowersUri(authorId);
  return audience === "public"
    ? { to: PUBLIC_COLLECTION, ccs: [followers, ...mentioned.map((a) => new URL(a.uri))] }
    : { to: followers };
}

/** A post as a Note, addressed to its audience elsewhere (addressedTo) and, when it is public,
 * to the author elsewhere of the post it quotes (quote-out.ts quotedElsewhere). */
export function noteOf(
  ctx: Context<void>,
  post: PostView,
  base: string,
  {
    audience,
    mentioned,
    elsewhere,
  }: {
    audience: AudienceElsewhere;
    mentioned: RemoteActorRow[];
    elsewhere: QuotedElsewhere | null;
  },
): Note {
  const author = post.author.userId;
  const quoted = quotedNoteUri(ctx, post);
  const quote = quoteProperties(quoted);
  const quotedAuthor = elsewhere?.author;
  const copied = quotedAuthor && !mentioned.some((a) => a.uri === quotedAuthor.uri);
  return new Note({
    id: ctx.getObjectUri(Note, { id: post.id }),
    attribution: ctx.getActorUri(author),
    ...addressedTo(ctx, author, audience, copied ? [...mentioned, quotedAuthor] : mentioned),
    tags: [
      ...mentionTags(mentioned),
      ...hashtagTags(post.content, absolute("/tags/", base).href),
      ...quote.tags,
    ],
    content:
      textToHtml(post.content, mentionLinks(mentioned), absolute("/tags/", base).href) +
      quoteFallbackHtml(quoted),
    // docs/federation.md "Quotes".
    quote: quote.quote,
    quoteUrl: quote.quoteUrl,
    // A post from elsewhere is quoted with the authorization its server gave, once it did
    // (docs/federation.md "Quotes").
    quoteAuthorization:
      quoted && !post.quote?.unavailable && !post.quote?.remote
        ? quoteAuthorizationUri(ctx, post.id)
        : (elsewhere?.authorization ?? null),
    // docs/federation.md "Quotes", "Replies": who may quote it and reply to it.
    interactionPolicy: new InteractionPolicy({
      canQuote: quoteRule(ctx, post),
      canReply: replyRule(ctx, post),
    }),
    // docs/federation.md "Content warnings": the warning as `summary`, and a warned post's
    // images sensitive too, as Mastodon reads them.
    summary: post.contentWarning,
    sensitive: post.contentWarning !== null || post.imageSensitive,
    url: absolute(post.path, base),
    published: instant(post.createdAt),
    updated: post.updatedAt !== post.createdAt ? instant(post.updatedAt) : null,
    // docs/federation.md "What a remote server sees": each image in order, its description as
    // `name` (Mastodon's alt text) and its size; our pipeline stores every image as JPEG.
    attachments: post.images.map(
      (image) =>
        new Image({
          url: absolute(image.url, base),
          mediaType: "image/jpeg",
          name: image.alt || null,
          width: image.width,
          height: image.height,
        }),
    ),
  });
}

/** One of our people's replies to a post from elsewhere, as a Note that answers it and mentions
 * its author, and the others elsewhere it names. */
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
  mentioned: RemoteActorRow[],
): Note {
  const mention = `@${reply.authorHandle}`;
  const others = mentioned.filter((a) => a.uri !== reply.authorUri);
  return new Note({
    id: ctx.getObjectUri(Note, { id: reply.id }),
    attribution: ctx.getActorUri(reply.userId),
    to: PUBLIC_COLLECTION,
    ccs: [
      new URL(reply.authorUri),
      ctx.getFollowersUri(reply.userId),
      ...others.map((a) => new URL(a.uri)),
    ],
    replyTarget: new URL(reply.noteUri),
    content: textToHtml(reply.content, [
      { handle: reply.authorHandle, url: reply.authorUri },
      ...mentionLinks(others),
    ]),
    published: instant(reply.createdAt.toISOString()),
    tags: [new Mention({ href: new URL(reply.authorUri), name: mention }), ...mentionTags(others)],
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
    image: profile.bannerUrl ? new Image({ url: absolute(profile.bannerUrl, base) }) : null,
    followers: ctx.getFollowersUri(identifier),
    following: ctx.getFollowingUri(identifier),
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
