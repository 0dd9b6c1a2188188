// Who receives each domain event on this instance's /realtime sockets (docs/social-and-realtime.md
// "Realtime", docs/mail.md "Realtime"): follow changes, posts and their likes to the author's
// connected followers, mail to the thread's members, and sockets closed when their session ends.
// `plan` only decides: the gateway sends, in the bus's order, and replays a reconnecting client's
// backlog through the same `plan` for that one connection, so a replay shows nobody anything live
// delivery would not.
import type { ServerMessage } from "../../domain/realtime-events";
import { SESSION_ENDED_CLOSE_CODE } from "../../domain/realtime-frames";
import type { ResolveViewer } from "../http/viewer";
import type { Connection, Registry } from "./connections";
import type { DomainEvent } from "./events";

/** The messages one event gives each connection, in the order they are to be sent. */
export class Outgoing {
  readonly byConnection = new Map<Connection, ServerMessage[]>();

  to(connections: Iterable<Connection>, message: ServerMessage) {
    for (const conn of connections) {
      const messages = this.byConnection.get(conn) ?? [];
      messages.push(message);
      this.byConnection.set(conn, messages);
    }
  }
}

/** What deciding who receives an event needs of the gateway's options (gateway.ts). */
export interface DeliveryOptions {
  /** The same resolver as the HTTP viewer hook: the session cookie decides who connects. */
  resolveViewer: ResolveViewer;
  /** Which of the given users follow an author: decides who receives a post event. */
  followersAmong: (authorId: string, userIds: string[]) => Promise<string[]>;
  /** Which of the given users may see an author's posts (a private account's are for its
   * followers): decides which of a profile's watchers receive its posts' like counts. */
  postReadersAmong: (authorId: string, userIds: string[]) => Promise<string[]>;
  /** Which of these authors the user follows and has not muted, and which of them the user may
   * see the posts of: the same two answers the other way round, one reader and many authors, so a
   * reconnecting client's backlog is decided with one question each (resume.ts). */
  followedAmong: (userId: string, authorIds: string[]) => Promise<string[]>;
  readableAuthorsAmong: (userId: string, authorIds: string[]) => Promise<string[]>;
}

function deliverFollow(
  out: Outgoing,
  registry: Registry,
  event: Extract<DomainEvent, { type: "follow.changed" }>,
) {
  const message: ServerMessage = {
    type: "follow.changed",
    followerId: event.followerId,
    followingId: event.followingId,
    following: event.following,
    state: event.state ?? (event.following ? "following" : "none"),
  };
  out.to(
    new Set([...registry.ofUser(event.followerId), ...registry.ofUser(event.followingId)]),
    message,
  );
  for (const [userId, counts] of [
    [event.followerId, event.followerCounts],
    [event.followingId, event.followingCounts],
  ] as const) {
    const viewers = new Set([...registry.watchersOf(userId), ...registry.ofUser(userId)]);
    out.to(viewers, { type: "profile.counts", userId, counts });
  }
}

/**
 * Post events reach the author's connected followers on this instance, and the author, who may
 * get their own copy (`forAuthor`).
 */
async function deliverPost(
  out: Outgoing,
  registry: Registry,
  options: DeliveryOptions,
  authorId: string,
  message: ServerMessage,
  forAuthor: ServerMessage = message,
) {
  const online = registry.connectedUserIds().filter((id) => id !== authorId);
  out.to(registry.ofUser(authorId), forAuthor);
  for (const userId of await options.followersAmong(authorId, online)) {
    out.to(registry.ofUser(userId), message);
  }
}

/**
 * A post's like count (docs/social-and-realtime.md "Realtime") reaches whoever may have the post
 * on screen: its author (their feed and profile), the author's connected followers (their
 * feeds), and connections watching the author (the author's profile page, a post page of theirs)
 * whose user may see the author's posts.
 * The liker's own tabs also learn their like. Each connection gets one message.
 */
async function deliverLikes(
  out: Outgoing,
  registry: Registry,
  options: DeliveryOptions,
  event: Extract<DomainEvent, { type: "post.liked" }>,
) {
  const count: ServerMessage = {
    type: "post.likes",
    postId: event.postId,
    likesCount: event.likesCount,
  };
  const likerTabs = new Set(registry.ofUser(event.userId));
  out.to(likerTabs, { ...count, liked: event.liked });
  const online = registry
    .connectedUserIds()
    .filter((id) => id !== event.authorId && id !== event.userId);
  const followers = await options.followersAmong(event.authorId, online);
  const watchers = [...registry.watchersOf(event.authorId)];
  const readers = new Set(
    watchers.length === 0
      ? []
      : await options.postReadersAmong(event.authorId, [...new Set(watchers.map((c) => c.userId))]),
  );
  const viewers = new Set([
    ...registry.ofUser(event.authorId),
    ...watchers.filter((conn) => readers.has(conn.userId)),
    ...followers.flatMap((userId) => [...registry.ofUser(userId)]),
  ]);
  out.to(
    [...viewers].filter((conn) => !likerTabs.has(conn)),
    count,
  );
}

/** After a sign-out or password reset, the user's sockets whose session is gone are closed. */
export async function closeEndedSessions(
  registry: Registry,
  options: DeliveryOptions,
  userId: string,
) {
  for (const conn of [...registry.ofUser(userId)]) {
    const current = await options.resolveViewer({ cookie: conn.cookie });
    if (current !== userId) conn.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
  }
}

/** Who gets what of `event` among the registry's connections. */
export async function plan(
  registry: Registry,
  options: DeliveryOptions,
  event: DomainEvent,
): Promise<Outgoing> {
  const out = new Outgoing();
  switch (event.type) {
    case "follow.changed":
      deliverFollow(out, registry, event);
      break;
    case "post.created":
      await deliverPost(
        out,
        registry,
        options,
        event.authorId,
        { type: "post.created", post: event.post },
        { type: "post.created", post: { ...event.post, isAuthor: true } },
      );
      break;
    case "post.updated":
      await deliverPost(out, registry, options, event.authorId, {
        type: "post.updated",
        postId: event.postId,
        content: event.content,
        contentWarning: event.contentWarning,
        imageSensitive: event.imageSensitive,
        updatedAt: event.updatedAt,
      });
      break;
    case "post.deleted":
      await deliverPost(out, registry, options, event.authorId, {
        type: "post.deleted",
        postId: event.postId,
      });
      break;
    case "post.liked":
      await deliverLikes(out, registry, options, event);
      break;
    case "activity.created":
    case "activity.read":
      out.to(registry.ofUser(event.recipientId), { type: event.type });
      break;
    case "mail.message": {
      // Only the thread's members, each in every open tab (docs/mail.md "Realtime").
      const message: ServerMessage = {
        type: "mail.message",
        threadId: event.threadId,
        message: event.message,
      };
      for (const userId of event.memberIds) out.to(registry.ofUser(userId), message);
      break;
    }
    case "mail.read":
      out.to(registry.ofUser(event.userId), { type: "mail.read", threadId: event.threadId });
      break;
    case "profile.changed":
      out.to(new Set([...registry.watchersOf(event.userId), ...registry.ofUser(event.userId)]), {
        type: "profile.changed",
        userId: event.userId,
      });
      break;
  }
  return out;
}
