// What the outbox carries (docs/outbox.md "Topics"): a type per topic, so a writer and the worker's
// handler agree on the payload. Payloads are JSON: dates travel as ISO strings.
import type { OutgoingMail } from "../infra/mailer";
import type { DomainEvent } from "../realtime/events";

/** A payment provider's news about a checkout or a subscription (docs/usernames.md "Webhooks"). */
export type PaymentEvent =
  | { kind: "checkout.paid" | "checkout.expired"; sessionId: string }
  | { kind: "subscription.changed" | "payment.failed"; subscriptionId: string };

/** A change here that other servers must hear of (docs/federation.md "What goes out"): the worker
 * reads the current state and hands Fedify the activity, whose own queue delivers it. */
export type FederateMessage =
  | {
      kind: "post.create" | "post.update" | "post.delete";
      postId: string;
      authorId: string;
      /** What tells this Update apart when the post's text did not change (its 'Who can reply'
       * did): part of the activity's id, which receivers read each once. */
      revision?: string;
    }
  | { kind: "follow" | "unfollow"; userId: string; actorId: string; followUri: string }
  | { kind: "like" | "unlike"; userId: string; noteId: string; likeUri: string }
  | { kind: "reply"; replyId: string }
  /** A repost of one of our posts (docs/feed.md "Reposts and quotes"), or its undoing. */
  | { kind: "announce" | "announce.undo"; userId: string; postId: string; repostId: string }
  /** A repost here of a post from elsewhere, or its undoing: the Note's id and its author's
   * actor (fed_actors), named here so the Undo goes after the post is gone. */
  | {
      kind: "note.announce" | "note.announce.undo";
      userId: string;
      repostId: string;
      noteUri: string;
      authorId: string;
    }
  /** A report of someone elsewhere, forwarded to their server. */
  | { kind: "flag"; flagUri: string }
  | { kind: "actor.update"; userId: string }
  | { kind: "block" | "unblock"; userId: string; actorId: string; blockUri: string }
  /** A private account's owner answered a follow request from elsewhere. */
  | { kind: "accept" | "reject"; userId: string; actorId: string; followUri: string }
  /** The quoted post's author (`userId`) took their post out of a quote, by one of our people or
   * by someone elsewhere: a Delete of its FEP-044f authorization, served at
   * /ap/quote-approvals/{authorizationId} until then (docs/federation.md "Quotes"). */
  | {
      kind: "quote.revoke";
      userId: string;
      authorizationId: string;
      quote: { userId: string } | { actorId: string };
    }
  | {
      kind: "actor.delete";
      userId: string;
      /** Read before the account's rows went: its followers' and followees' inboxes elsewhere. */
      recipients: { uri: string; inbox: string; sharedInbox: string | null }[];
    };

/** Whose images from elsewhere to fetch: a post's attachments, a person's picture, or both. */
export interface RemoteMediaTarget {
  noteId?: string;
  actorId?: string;
}

/** Who a push names: one of our people (`actorId`), or someone elsewhere (`elsewhere`), named as
 * they were when their activity came. */
export type PushActorRef = { actorId: string } | { elsewhere: { name: string; handle: string } };

/** What a push tells (docs/notifications.md "Push"), composed into its payload when it is sent;
 * a message's words only when its recipient shows previews. */
export type PushNotice =
  | (PushActorRef & { kind: "like"; postId: string })
  | (PushActorRef & { kind: "comment"; postId: string; reply: boolean })
  | (PushActorRef & { kind: "follow"; request: boolean })
  /** A mention in a post here (`postId`), or in one from elsewhere (null). */
  | (PushActorRef & { kind: "mention"; postId: string | null })
  /** A repost of the recipient's post (`postId`), or a quote of it (`quote`: the post to open, the
   * quote here or, for a quote from elsewhere, the quoted post). */
  | (PushActorRef & { kind: "repost"; postId: string; quote: string | null })
  | {
      kind: "message";
      threadId: string;
      /** One of our people, or an outside address. */
      from: { userId: string } | { address: string };
      preview: string | null;
    }
  /** A moderator's decision about the recipient's account or content (docs/safety.md), or about
   * a report the recipient made (`report`: "Reporters hear back"). */
  | { kind: "moderation"; report?: boolean }
  /** A badge request was decided (docs/profiles-and-media.md "Badges"). */
  | { kind: "badge"; approved: boolean };

export type OutboxMessage =
  /** An e-mail; its Message-ID and Date are fixed when it is written, so a retry is the same mail. */
  | { topic: "mail"; payload: OutgoingMail }
  /** A domain event for every instance's subscribers (caches, sockets). */
  | { topic: "event"; payload: DomainEvent }
  /** A subscription the provider must end now (a paid name lost to a race is not charged again). */
  | { topic: "payments.cancel"; payload: { subscriptionId: string } }
  /** What the payment provider said (a verified webhook, or the test checkout's Pay), for the
   * purchase to apply; each re-reads the provider's state, so repeats and order do not matter. */
  | { topic: "payments.event"; payload: PaymentEvent }
  /** Media objects (/media/ URLs and face captures) to remove from their stores: a deleted
   * account's images, gone from the database when this is written (docs/accounts.md). */
  | { topic: "media.delete"; payload: { urls: string[] } }
  /** Build a person's data export (docs/accounts.md "Your data"); the worker runs it, never the
   * request that asked, and a crash mid-build leaves the row to be claimed again. */
  | { topic: "export.build"; payload: { exportId: string } }
  /** Check that a profile's website links back with rel="me" (docs/profiles-and-media.md
   * "Verified links"); the result is kept only while the profile still shows that website. */
  | { topic: "links.verify"; payload: { userId: string; websiteUrl: string } }
  /** An activity for other servers: background, so a post answers before the fan-out starts. */
  | { topic: "federate"; payload: FederateMessage }
  /** Images of a post or a person elsewhere to fetch once into our media store (docs/federation.md
   * "Images from elsewhere"); background, never while the inbox answers. */
  | { topic: "federation.media"; payload: RemoteMediaTarget }
  /** One push to one subscribed browser: background, so the change answers before the push
   * service does, and each browser is retried on its own. */
  | { topic: "push"; payload: { subscriptionId: string; notice: PushNotice } };

export type OutboxTopic = OutboxMessage["topic"];

/** Every topic, written as a record so a topic added to OutboxMessage must be added here: the
 * app checks at start that each has a handler (app-modules.ts). */
const TOPICS: Record<OutboxTopic, true> = {
  mail: true,
  event: true,
  "payments.cancel": true,
  "payments.event": true,
  "media.delete": true,
  "export.build": true,
  "links.verify": true,
  federate: true,
  "federation.media": true,
  push: true,
};
export const OUTBOX_TOPICS = Object.keys(TOPICS) as OutboxTopic[];

/** Topics too long for a request to wait on: only the worker delivers them, woken at the commit. */
export const BACKGROUND_TOPICS: ReadonlySet<OutboxTopic> = new Set([
  "export.build",
  "links.verify",
  "federate",
  "federation.media",
  "push",
]);

export type OutboxHandlers = {
  [T in OutboxTopic]: (payload: Extract<OutboxMessage, { topic: T }>["payload"]) => Promise<void>;
};
