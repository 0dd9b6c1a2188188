// The one WebSocket endpoint, /realtime (docs/social-and-realtime.md). A connection is authenticated by the
// session cookie at upgrade, kept alive by heartbeats, and receives only what its user may see:
// follow changes that involve them, and the counters of profiles they are looking at. Abuse is
// bounded (docs/operations.md "Limits"): upgrades only from our own origins, at most 20 sockets
// per account (the oldest is closed) and 2,000 per IP on each instance, and a socket that sends
// more than 60 frames in 10 s is closed with 1008. The open sockets are kept in connections.ts,
// who receives each event is decided in delivery.ts, and resume.ts numbers what is sent and
// replays what a reconnecting client missed.
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { WebSocket } from "ws";
import { ERROR_CODES } from "../../domain/error-codes";
import {
  type ClientMessage,
  clientMessage,
  resumeQuery,
  type ServerMessage,
} from "../../domain/realtime-events";
import { isDatabaseUnavailable } from "../db/errors";
import { AppError, forbidden, unauthorized } from "../errors";
import { isAllowedOrigin } from "../http/origin-check";
import { clientIp } from "../http/request";
import type { Metrics } from "../infra/metrics";
import { isRedisUnavailable } from "../infra/redis";
import type { EventBus } from "./bus";
import { type Connection, Registry, send } from "./connections";
import { closeEndedSessions, type DeliveryOptions, type Outgoing, plan } from "./delivery";
import { deliverTo, restartStream, startStream } from "./resume";

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 4096;
/** Close code of the oldest socket when its account opens one more than the cap. */
export const TOO_MANY_SOCKETS = 4429;
/** Sockets one IP may hold on an instance, unless the gateway is given another cap (tests). */
export const MAX_SOCKETS_PER_IP = 2_000;
/** Client frames per socket per window; past that the socket is closed as a policy violation. */
export const FRAME_LIMIT = { points: 60, duration: 10 };
const POLICY_VIOLATION = 1008;

export interface GatewayOptions extends DeliveryOptions {
  bus: EventBus;
  /** Origins a browser may open the socket from: the HTTP API's list (http/origin-check.ts). */
  allowedOrigins: Set<string>;
  heartbeatMs?: number;
  /** Cap on sockets from one IP on this instance; MAX_SOCKETS_PER_IP when not given. */
  maxSocketsPerIp?: number;
  metrics: Metrics;
  /** Told when the instance starts draining (http/in-flight.ts). */
  onDrain(listener: () => void): void;
}

/** docs/operations.md "Start and stop": 1001 "going away", so the client reconnects, to another
 * instance behind the balancer. */
const GOING_AWAY = 1001;

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
  // A dependency away (docs/operations.md "Redis", "Database") is a warning: the socket is told
  // to refetch, and the outage has its own alerts. Anything else is an error.
  const failed = (event: string) => (error: unknown) =>
    isDatabaseUnavailable(error) || isRedisUnavailable(error)
      ? app.log.warn({ err: error, event }, "realtime delivery failed: a dependency is away")
      : app.log.error({ err: error, event }, "realtime delivery failed");
  // Who gets an event is decided as it arrives, side by side with others; sending waits its turn,
  // so every socket gets the events in the bus's order.
  let order = Promise.resolve();
  const unsubscribe = options.bus.subscribe((event, seq) => {
    if (event.type === "session.ended") {
      closeEndedSessions(registry, options, event.userId).catch(failed(event.type));
      return;
    }
    const planned: Promise<Outgoing | null> = plan(registry, options, event).catch((error) => {
      failed(event.type)(error);
      return null;
    });
    order = order
      .then(async () => {
        const out = await planned;
        for (const [conn, messages] of out?.byConnection ?? []) deliverTo(conn, seq, messages);
      })
      .catch(failed(event.type));
  });
  // In the same order as the events: what was sent before the reset, then the reset, then the
  // new history's events.
  const unreset = options.bus.onReset(() => {
    order = order
      .then(() => {
        for (const conn of registry.all()) restartStream(conn, options.bus.log);
      })
      .catch(failed("reset"));
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

  let draining = false;
  const goAway = () => {
    for (const conn of registry.all()) conn.socket.close(GOING_AWAY, "server shutting down");
  };
  options.onDrain(() => {
    draining = true;
    goAway();
  });
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    unsubscribe();
    unreset();
    goAway();
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
        if (draining) {
          throw new AppError(503, ERROR_CODES.unavailable, "This server is restarting.", {
            retryAfter: 1,
          });
        }
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
        lastSeq: "0",
        held: [],
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
      const { data: resume = {} } = resumeQuery.safeParse(request.query);
      for (const userId of resume.watch?.split(",") ?? []) {
        if (userId.length > 0 && userId.length <= 64) registry.watch(conn, userId);
      }
      void startStream(conn, options, options.bus.log, resume, failed("resume"));
    },
  );
}
