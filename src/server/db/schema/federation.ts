// Federation (docs/federation.md): the library's key-value store and delivery queue on our own
// tables, so the embedded database and PostgreSQL behave alike; each person's signing keys; the
// people of other servers we know of; and the follows that cross servers, both ways.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, personRef } from "../columns";
import { posts } from "./posts";

/** An image of a post or person elsewhere: its address and its description (alt text). */
export interface RemoteImage {
  url: string;
  alt: string;
}

/** Fedify's KvStore: a key is the JSON of its parts; a row past `expires_at` reads as absent. */
export const fedKv = pgTable(
  "fed_kv",
  {
    key: text("key").primaryKey(),
    value: jsonb("value").notNull(),
    expiresAt: at("expires_at"),
  },
  (t) => [index("fed_kv_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`)],
);

/** Fedify's MessageQueue: deliveries and inbox work, claimed with a lease like the outbox's; a
 * message with an ordering key waits for the earlier ones with the same key. */
export const fedQueue = pgTable(
  "fed_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    message: jsonb("message").notNull(),
    orderingKey: text("ordering_key"),
    /** Not claimable before this moment: a delay asked for, or a claim's lease. */
    availableAt: at("available_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("fed_queue_due_idx").on(t.availableAt, t.id),
    index("fed_queue_ordering_idx")
      .on(t.orderingKey, t.id)
      .where(sql`${t.orderingKey} is not null`),
  ],
);

/** An actor's key pairs (RSA for HTTP signatures, Ed25519 for object proofs): the private keys
 * sealed with the session secret. The owner is a person's id or "instance"; the row outlives the
 * account so its `Delete(Person)` can still be signed. */
export const fedKeys = pgTable("fed_keys", {
  owner: text("owner").primaryKey(),
  rsaPublic: jsonb("rsa_public").notNull(),
  rsaPrivate: text("rsa_private").notNull(),
  ed25519Public: jsonb("ed25519_public").notNull(),
  ed25519Private: text("ed25519_private").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** A person on another server, as their actor document last said. */
export const fedActors = pgTable(
  "fed_actors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uri: text("uri").notNull(),
    /** `name@host`, lower-cased: what WebFinger answered for them. */
    handle: text("handle").notNull(),
    host: text("host").notNull(),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    name: text("name").notNull(),
    /** Their bio as plain text. */
    summary: text("summary").notNull().default(""),
    iconUrl: text("icon_url"),
    /** Their picture as our media pipeline stored it (docs/federation.md "Images from
     * elsewhere"); null until fetched, or when it could not be. */
    iconMediaUrl: text("icon_media_url"),
    /** The `icon_url` last fetched (stored or refused): a picture is fetched once per address. */
    iconFetchedFrom: text("icon_fetched_from"),
    /** Their profile page on their own server. */
    url: text("url"),
    manuallyApprovesFollowers: boolean("manually_approves_followers").notNull().default(false),
    fetchedAt: at("fetched_at").notNull().defaultNow(),
    /** When their server says the account was made (the actor's `published`), if it says. */
    publishedAt: at("published_at"),
    /** When we first kept them; null for people kept before migration 0061. Their age is
     * `published_at`, else this (docs/notifications.md "Requests"). */
    firstSeenAt: at("first_seen_at").defaultNow(),
  },
  (t) => [uniqueIndex("fed_actors_uri_idx").on(t.uri), index("fed_actors_handle_idx").on(t.handle)],
);

/** Someone on another server who follows one of our people, or asked to (a private account's
 * owner answers `pending` ones). `follow_uri` is their Follow, which our Accept or Reject names. */
export const fedFollowers = pgTable(
  "fed_followers",
  {
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    userId: personRef("user_id"),
    followUri: text("follow_uri").notNull(),
    state: text("state").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.actorId, t.userId] }),
    index("fed_followers_user_idx").on(t.userId, t.state, t.createdAt),
    check("fed_followers_state", sql`${t.state} in ('pending', 'accepted')`),
  ],
);

/** One of our people following someone on another server: `pending` until their Accept. */
export const fedFollowing = pgTable(
  "fed_following",
  {
    userId: personRef("user_id"),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    followUri: text("follow_uri").notNull(),
    state: text("state").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.actorId] }),
    index("fed_following_actor_idx").on(t.actorId, t.state),
    check("fed_following_state", sql`${t.state} in ('pending', 'accepted')`),
  ],
);

/** A public post of someone elsewhere whom one of our people follows (docs/federation.md "Posts
 * from elsewhere"): its text as plain text, kept while its author's server has not deleted it. */
export const fedNotes = pgTable(
  "fed_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uri: text("uri").notNull(),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** Its content warning (the Note's `summary`, as text; docs/federation.md "Content
     * warnings"). */
    summary: text("summary"),
    /** Its images are sensitive (the Note's `sensitive`). */
    sensitive: boolean("sensitive").notNull().default(false),
    /** Its page on its own server. */
    url: text("url"),
    inReplyTo: text("in_reply_to"),
    /** Set when it replies to one of our posts: it is then a comment there (docs/federation.md
     * "Replies"), kept whoever follows its author. */
    localPostId: uuid("local_post_id").references(() => posts.id, { onDelete: "cascade" }),
    /** The id of the object it quotes, as sent (`quoteUrl`, `_misskey_quote`, `quoteUri`, FEP-044f
     * `quote` or a FEP-e232 object link: docs/federation.md "Quotes"); null when it quotes none. */
    quoteUri: text("quote_uri"),
    /** Set when it quotes one of our posts: its card is that post's, as the reader may see it. No
     * foreign key: a quoted post that went with its account still shows as unavailable. */
    quotePostId: uuid("quote_post_id"),
    /** The FEP-044f `quoteAuthorization` it carried, from the quoted post's server: its `Delete`
     * takes the quoted post out of this quote. */
    quoteAuthorizationUri: text("quote_authorization_uri"),
    /** When the quoted post's author took their post out of this quote (here, or by deleting the
     * authorization elsewhere): its card then says so. */
    quoteDetachedAt: at("quote_detached_at"),
    publishedAt: at("published_at").notNull(),
    updatedAt: at("updated_at"),
    /** Likes of our people. */
    likesCount: integer("likes_count").notNull().default(0),
    /** Its image attachments as it named them (at most 4), to be fetched once. */
    attachments: jsonb("attachments").$type<RemoteImage[]>().notNull().default([]),
    /** Those images as our media pipeline stored them; null until they were fetched. */
    media: jsonb("media").$type<RemoteImage[]>(),
  },
  (t) => [
    uniqueIndex("fed_notes_uri_idx").on(t.uri),
    index("fed_notes_actor_published_idx").on(t.actorId, t.publishedAt.desc(), t.id.desc()),
    index("fed_notes_local_post_idx")
      .on(t.localPostId, t.publishedAt, t.id)
      .where(sql`${t.localPostId} is not null`),
    index("fed_notes_quote_authorization_idx")
      .on(t.quoteAuthorizationUri)
      .where(sql`${t.quoteAuthorizationUri} is not null`),
  ],
);

/** The tags (keys, domain/hashtags.ts) a kept post from elsewhere names in its `Hashtag` tags, at
 * most 10, with its time copied in, so a tag's page reads them in order beside ours
 * (docs/federation.md "Hashtags"). Replies are not tagged, as our comments are not. */
export const fedNoteTags = pgTable(
  "fed_note_tags",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => fedNotes.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    publishedAt: at("published_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.tag] }),
    index("fed_note_tags_tag_published_idx").on(t.tag, t.publishedAt.desc(), t.noteId.desc()),
  ],
);

/** Someone elsewhere boosted a public post (docs/federation.md "Posts from elsewhere"): shown to
 * their followers here at the boost's time; `uri` is their Announce, which their Undo names. */
export const fedBoosts = pgTable(
  "fed_boosts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uri: text("uri").notNull(),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    noteId: uuid("note_id")
      .notNull()
      .references(() => fedNotes.id, { onDelete: "cascade" }),
    publishedAt: at("published_at").notNull(),
  },
  (t) => [
    uniqueIndex("fed_boosts_uri_idx").on(t.uri),
    uniqueIndex("fed_boosts_actor_note_idx").on(t.actorId, t.noteId),
    index("fed_boosts_actor_published_idx").on(t.actorId, t.publishedAt.desc(), t.id.desc()),
    index("fed_boosts_note_idx").on(t.noteId),
  ],
);

/** One of our people likes a post from elsewhere; `like_uri` is the Like activity sent. */
export const fedNoteLikes = pgTable(
  "fed_note_likes",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => fedNotes.id, { onDelete: "cascade" }),
    userId: personRef("user_id"),
    likeUri: text("like_uri").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.userId] })],
);

/** One of our people reposted a post from elsewhere (docs/feed.md "Reposts and quotes"): shown to
 * their followers here at the repost's time, and sent as an Announce of the Note to their followers
 * elsewhere and its author (docs/federation.md "Reposts going out"). */
export const fedNoteReposts = pgTable(
  "fed_note_reposts",
  {
    /** The repost's own id: its feed item's key, and its Announce's name to other servers. */
    id: uuid("id").primaryKey().defaultRandom(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => fedNotes.id, { onDelete: "cascade" }),
    userId: personRef("user_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    // One repost per person and post: reposting again keeps the first.
    uniqueIndex("fed_note_reposts_user_note_key").on(t.userId, t.noteId),
    // A reposter's reposts newest first: the feed merges these per followee, as it does posts.
    index("fed_note_reposts_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("fed_note_reposts_note_idx").on(t.noteId),
  ],
);

/** What one of our people wrote in reply to a post from elsewhere; sent to its author's server as
 * a Note with `inReplyTo` (docs/federation.md "Replies"). */
export const fedReplies = pgTable(
  "fed_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => fedNotes.id, { onDelete: "cascade" }),
    userId: personRef("user_id"),
    content: text("content").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("fed_replies_note_created_idx").on(t.noteId, t.createdAt, t.id)],
);

/** One of our people blocks someone elsewhere (docs/federation.md "Blocks"); `block_uri` is the
 * Block activity sent, which an unblock undoes. */
export const fedBlocks = pgTable(
  "fed_blocks",
  {
    userId: personRef("user_id"),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    blockUri: text("block_uri").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] })],
);

/** Someone elsewhere blocks one of our people: we deliver them nothing of that person's. */
export const fedBlockedBy = pgTable(
  "fed_blocked_by",
  {
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    userId: personRef("user_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.userId] })],
);

/** A moderator's decision about a whole server (docs/federation.md "Domain blocks"): `suspend`
 * (nothing in, nothing out, what we held of it gone), `silence` (its replies are not shown on our
 * posts; its people are seen only by who follows them), `reject_media` (no image of it fetched). */
export const fedDomainBlocks = pgTable(
  "fed_domain_blocks",
  {
    host: text("host").primaryKey(),
    severity: text("severity").notNull(),
    /** What the moderator noted, for other moderators. */
    note: text("note").notNull().default(""),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "fed_domain_blocks_severity",
      sql`${t.severity} in ('suspend', 'silence', 'reject_media')`,
    ),
  ],
);

/** Someone elsewhere likes one of our posts (docs/federation.md "Likes from elsewhere"): counted in
 * the post's likes; `like_uri` is their Like, which their Undo names. */
export const fedPostLikes = pgTable(
  "fed_post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    likeUri: text("like_uri").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.actorId] }),
    index("fed_post_likes_actor_idx").on(t.actorId),
  ],
);

/** A report that crossed servers (docs/federation.md "Reports"): `in`, another server's `Flag` of
 * our people or posts, for our moderators; `out`, one of our people's report of someone
 * elsewhere, forwarded to that server as a `Flag` from the instance actor when they asked. */
export const fedFlags = pgTable(
  "fed_flags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    direction: text("direction").notNull(),
    /** The Flag's id (ours when sent). */
    flagUri: text("flag_uri").notNull(),
    /** Who reported: the remote actor (in), or our person (out). */
    reporter: text("reporter").notNull(),
    /** The server elsewhere: the reporter's (in) or the reported person's (out). */
    host: text("host").notNull(),
    /** What is reported, as URIs (people and posts). */
    objects: jsonb("objects").$type<string[]>().notNull(),
    /** The reporter's words. */
    content: text("content").notNull().default(""),
    status: text("status").notNull().default("open"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fed_flags_uri_idx").on(t.flagUri),
    index("fed_flags_open_idx").on(t.createdAt.desc()).where(sql`${t.status} = 'open'`),
    check("fed_flags_direction", sql`${t.direction} in ('in', 'out')`),
    check("fed_flags_status", sql`${t.status} in ('open', 'closed')`),
  ],
);

/** Someone elsewhere may quote one of our posts (docs/federation.md "Quotes"): our answer to their
 * FEP-044f `QuoteRequest`, served as a `QuoteAuthorization` at /ap/quote-approvals/{id} while the
 * post is public. `quote_uri` is their quoting Note. */
export const fedQuoteApprovals = pgTable(
  "fed_quote_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => fedActors.id, { onDelete: "cascade" }),
    quoteUri: text("quote_uri").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fed_quote_approvals_post_quote_idx").on(t.postId, t.quoteUri),
    index("fed_quote_approvals_actor_idx").on(t.actorId),
  ],
);
