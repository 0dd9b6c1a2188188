// The one WebSocket endpoint, /realtime (docs/social-and-realtime.md). A connection is authenticated by the
// session cookie at upgrade, kept alive by heartbeats, and receives only what its user may see:
// follow changes that involve them, and the counters of profiles they are looking at. Abuse is
// bounded (docs/operations.md "Limits"): upgrades only from our own origins, at most 20 sockets
// per account (the oldest is closed) and 2,000 per IP on each instance, and a socket that sends
// more than 60 frames in 10 s is closed with 1008.
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { WebSocket } from "ws";
import {
  type ClientMessage,
  clientMessage,
  type ServerMessage,
} from "../../domain/realtime-events";
import { SESSION_ENDED_CLOSE_CODE } from "../../domain/realtime-frames";
import { AppError, forbidden, unauthorized } from "../errors";
import { isAllowedOrigin } from "../http/origin-check";
import { clientIp } from "../http/request";
import type { ResolveViewer } from "../http/viewer";
import type { Metrics } from "../infra/metrics";
import type { EventBus } from "./bus";
import type { DomainEvent } from "./events";

const HEARTBEAT_MS = 30_000;
/** A client that lets this much pile up unsent is too slow: it is dropped, never waited for. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_WATCHED_PROFILES = 50;
const MAX_MESSAGE_BYTES = 4096;
/** Close code for a socket whose session was ended (4000–4999 are the application's). */
export const MAX_SOCKETS_PER_USER = 20;
/** Close code of the oldest socket when its account opens one more than the cap. */
export const TOO_MANY_SOCKETS = 4429;
/** Sockets one IP may hold on an instance, unless the gateway is given another cap (tests). */
export const MAX_SOCKETS_PER_IP = 2_000;
/** Client frames per socket per window; past that the socket is closed as a policy violation. */
export const FRAME_LIMIT = { points: 60, duration: 10 };
const POLICY_VIOLATION = 1008;

interface Connection {
  /** Distinct per socket: the key of its frame budget. */
  id: number;
  userId: string;
  ip: string;
  /** The Cookie header of the upgrade, to check the session again when one of the user's ends. */
  cookie: string;
  socket: WebSocket;
  watching: Set<string>;
  alive: boolean;
  /** Counts a message sent to this socket (docs/operations.md "Metrics"). */
  sent: (type: ServerMessage["type"]) => void;
}

export interface GatewayOptions {
  /** The same resolver as the HTTP viewer hook: the session cookie decides who connects. */
  resolveViewer: ResolveViewer;
  bus: EventBus;
  /** Which of the given users follow an author: decides who receives a post event. */
  followersAmong: (authorId: string, userIds: string[]) => Promise<string[]>;
  /** Origins a browser may open the socket from: the HTTP API's list (http/origin-check.ts). */
  allowedOrigins: Set<string>;
  heartbeatMs?: number;
  /** Cap on sockets from one IP on this instance; MAX_SOCKETS_PER_IP when not given. */
  maxSocketsPerIp?: number;
  metrics: Metrics;
}

class Registry {
  private byUser = new Map<string, Set<Connection>>();
  private byWatched = new Map<string, Set<Connection>>();
  private perIp = new Map<string, number>();

  add(conn: Connection) {
    this.index(this.byUser, conn.userId, conn);
    this.perIp.set(conn.ip, this.socketsFrom(conn.ip) + 1);
  }

  remove(conn: Connection) {
    if (!this.byUser.get(conn.userId)?.has(conn)) return;
    const left = this.socketsFrom(conn.ip) - 1;
    if (left > 0) this.perIp.set(conn.ip, left);
    else this.perIp.delete(conn.ip);
    this.unindex(this.byUser, conn.userId, conn);
    for (const profileId of conn.watching) this.unindex(this.byWatched, profileId, conn);
    conn.watching.clear();
  }

  watch(conn: Connection, profileId: string) {
    if (conn.watching.has(profileId) || conn.watching.size >= MAX_WATCHED_PROFILES) return;
    conn.watching.add(profileId);
    this.index(this.byWatched, profileId, conn);
  }

  unwatch(conn: Connection, profileId: string) {
    if (conn.watching.delete(profileId)) this.unindex(this.byWatched, profileId, conn);
  }

  socketsFrom(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  /** The user's sockets beyond the cap, oldest first (a Set keeps insertion order). */
  overCap(userId: string): Connection[] {
    const all = [...(this.byUser.get(userId) ?? [])];
    return all.slice(0, Math.max(0, all.length - MAX_SOCKETS_PER_USER));
  }

  ofUser(userId: string): Iterable<Connection> {
    return this.byUser.get(userId) ?? [];
  }

  watchersOf(profileId: string): Iterable<Connection> {
    return this.byWatched.get(profileId) ?? [];
  }

  connectedUserIds(): string[] {
    return [...this.byUser.keys()];
  }

  get size(): number {
    let sockets = 0;
    for (const set of this.byUser.values()) sockets += set.size;
    return sockets;
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private index(map: Map<string, Set<Connection>>, key: string, conn: Connection) {
    const set = map.get(key) ?? new Set<Connection>();
    set.add(conn);
    map.set(key, set);
  }

  private unindex(map: Map<string, Set<Connection>>, key: string, conn: Connection) {
    const set = map.get(key);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) map.delete(key);
  }
}

function send(conn: Connection, message: ServerMessage) {
  if (conn.socket.readyState !== conn.socket.OPEN) return;
  if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.socket.terminate();
    return;
  }
  conn.socket.send(JSON.stringify(message));
  conn.sent(message.type);
}

function sendTo(connections: Iterable<Connection>, message: ServerMessage) {
  for (const conn of connections) send(conn, message);
}

function deliverFollow(
  registry: Registry,
  event: Extract<DomainEvent, { type: "follow.changed" }>,
) {
  const message: ServerMessage = {
    type: "follow.changed",
    followerId: event.followerId,
    followingId: event.followingId,
    following: event.following,
  };
  sendTo(
    new Set([...registry.ofUser(event.followerId), ...registry.ofUser(event.followingId)]),
    message,
  );
  for (const [userId, counts] of [
    [event.followerId, event.followerCounts],
    [event.followingId, event.followingCounts],
  ] as const) {
    const viewers = new Set([...registry.watchersOf(userId), ...registry.ofUser(userId)]);
    sendTo(viewers, { type: "profile.counts", userId, counts });
  }
}

/**
 * Post events reach the author's connected followers on this instance, and the author, who may
 * get their own copy (`forAuthor`).
 */
async function deliverPost(
  registry: Registry,
  options: GatewayOptions,
  authorId: string,
  message: ServerMessage,
  forAuthor: ServerMessage = message,
) {
  const online = registry.connectedUserIds().filter((id) => id !== authorId);
  sendTo(registry.ofUser(authorId), forAuthor);
  for (const userId of await options.followersAmong(authorId, online)) {
    sendTo(registry.ofUser(userId), message);
  }
}

/**
 * A post's like count (docs/social-and-realtime.md "Realtime") reaches whoever may have the post
 * on screen: its author (their feed and profile), the author's connected followers (their
 * feeds), and connections watching the author (the author's profile page, a post page of theirs).
 * The liker's own tabs also learn their like. Each connection gets one message.
 */
async function deliverLikes(
  registry: Registry,
  options: GatewayOptions,
  event: Extract<DomainEvent, { type: "post.liked" }>,
) {
  const count: ServerMessage = {
    type: "post.likes",
    postId: event.postId,
    likesCount: event.likesCount,
  };
  const likerTabs = new Set(registry.ofUser(event.userId));
  sendTo(likerTabs, { ...count, liked: event.liked });
  const online = registry
    .connectedUserIds()
    .filter((id) => id !== event.authorId && id !== event.userId);
  const followers = await options.followersAmong(event.authorId, online);
  const viewers = new Set([
    ...registry.ofUser(event.authorId),
    ...registry.watchersOf(event.authorId),
    ...followers.flatMap((userId) => [...registry.ofUser(userId)]),
  ]);
  for (const conn of viewers) if (!likerTabs.has(conn)) send(conn, count);
}

/** After a sign-out or password reset, the user's sockets whose session is gone are closed. */
async function closeEndedSessions(registry: Registry, options: GatewayOptions, userId: string) {
  for (const conn of [...registry.ofUser(userId)]) {
    const current = await options.resolveViewer({ cookie: conn.cookie });
    if (current !== userId) conn.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
  }
}

async function deliver(registry: Registry, options: GatewayOptions, event: DomainEvent) {
  switch (event.type) {
    case "follow.changed":
      return deliverFollow(registry, event);
    case "post.created":
      return deliverPost(
        registry,
        options,
        event.authorId,
        { type: "post.created", post: event.post },
        { type: "post.created", post: { ...event.post, isAuthor: true } },
      );
    case "post.updated":
      return deliverPost(registry, options, event.authorId, {
        type: "post.updated",
        postId: event.postId,
        content: event.content,
        updatedAt: event.updatedAt,
      });
    case "post.deleted":
      return deliverPost(registry, options, event.authorId, {
        type: "post.deleted",
        postId: event.postId,
      });
    case "post.liked":
      return deliverLikes(registry, options, event);
    case "activity.created":
      return sendTo(registry.ofUser(event.recipientId), { type: "activity.created" });
    case "mail.message": {
      // Only the thread's members, each in every open tab (docs/mail.md "Realtime").
      const message: ServerMessage = {
        type: "mail.message",
        threadId: event.threadId,
        message: event.message,
      };
      for (const userId of event.memberIds) sendTo(registry.ofUser(userId), message);
      return;
    }
    case "mail.read":
      return sendTo(registry.ofUser(event.userId), { type: "mail.read", threadId: event.threadId });
    case "session.ended":
      return closeEndedSessions(registry, options, event.userId);
    case "profile.changed":
      return sendTo(
        new Set([...registry.watchersOf(event.userId), ...registry.ofUser(event.userId)]),
        { type: "profile.changed", userId: event.userId },
      );
  }
}

function handleClientMessage(registry: Registry, conn: Connection, message: ClientMessage) {
  switch (message.type) {
    case "ping":
      return send(conn, { type: "pong" });
    case "watch-profile":
      return registry.watch(conn, message.userId);
    case "unwatch-profile":
      return registry.unwatch(conn, message.userId);
  }
}

/** Errors the client causes on its own socket: ws's protocol refusals (a frame over
 * MAX_MESSAGE_BYTES, a malformed frame; ws has already begun the close with the right code, e.g.
 * 1009) and a connection cut without a close frame. */
const isClientFault = (error: Error & { code?: string }) =>
  error.code?.startsWith("WS_ERR_") || error.code === "ECONNRESET" || error.code === "EPIPE";

/** A socket error: the client's fault is logged at info (it is not ours to fix, docs/operations.md
 * "Limits"), anything else at error, and that socket is dropped. */
function onSocketError(
  error: Error & { code?: string },
  socket: WebSocket,
  request: FastifyRequest,
): void {
  if (isClientFault(error)) {
    request.log.info({ err: error }, "realtime client broke the protocol or left; socket closed");
    return;
  }
  request.log.error({ err: error }, "realtime socket failed");
  socket.terminate();
}

export async function registerRealtime(app: FastifyInstance, options: GatewayOptions) {
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    errorHandler: onSocketError,
  });
  const registry = new Registry();
  const { metrics } = options;
  metrics.gauge(
    "websocket_connections",
    "Open /realtime sockets on this instance.",
    () => registry.size,
  );
  const sent = (type: ServerMessage["type"]) => metrics.messagesDelivered.inc({ type });
  const maxSocketsPerIp = options.maxSocketsPerIp ?? MAX_SOCKETS_PER_IP;
  const frames = new RateLimiterMemory({ keyPrefix: "ws-frames", ...FRAME_LIMIT });
  let nextId = 0;
  const unsubscribe = options.bus.subscribe((event) => {
    deliver(registry, options, event).catch((error: unknown) =>
      app.log.error({ err: error, event: event.type }, "realtime delivery failed"),
    );
  });

  const heartbeat = setInterval(() => {
    for (const conn of registry.all()) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const conn of registry.all()) conn.socket.close(1001, "server shutting down");
  });

  app.get(
    "/realtime",
    {
      websocket: true,
      schema: { hide: true },
      // Refused before the upgrade: no session, no socket (the viewer hook resolved it).
      preValidation: async (request) => {
        if (!isAllowedOrigin(options.allowedOrigins, request.headers.origin)) {
          throw forbidden("Cross-origin request refused.");
        }
        if (!request.viewerId) throw unauthorized();
        if (registry.socketsFrom(clientIp(request)) >= maxSocketsPerIp) {
          throw new AppError(429, "rate_limited", "Too many connections from this address.", {
            retryAfter: 60,
          });
        }
      },
    },
    (socket, request) => {
      const conn: Connection = {
        id: nextId++,
        userId: request.viewerId as string,
        ip: clientIp(request),
        cookie: request.headers.cookie ?? "",
        socket,
        watching: new Set(),
        alive: true,
        sent,
      };
      registry.add(conn);
      for (const old of registry.overCap(conn.userId)) {
        registry.remove(old);
        old.socket.close(TOO_MANY_SOCKETS, "too many connections for this account");
      }
      socket.on("pong", () => {
        conn.alive = true;
      });
      socket.on("message", (raw) => {
        conn.alive = true;
        frames.consume(String(conn.id)).then(
          () => {
            let parsed: ReturnType<typeof clientMessage.safeParse>;
            try {
              parsed = clientMessage.safeParse(JSON.parse(String(raw)));
            } catch {
              return;
            }
            if (parsed.success) handleClientMessage(registry, conn, parsed.data);
          },
          () => {
            registry.remove(conn);
            socket.close(POLICY_VIOLATION, "too many messages");
          },
        );
      });
      socket.on("close", () => registry.remove(conn));
      socket.on("error", () => registry.remove(conn));
      send(conn, { type: "ready", userId: conn.userId });
    },
  );
}
