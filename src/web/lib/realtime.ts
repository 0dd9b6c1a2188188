// The tab's one connection to /realtime (domain/realtime-events.ts): connects while someone is
// signed in, keeps itself alive with a ping every 25 s, reconnects with exponential backoff and
// jitter (1 s doubling to a 30 s cap), and re-sends the watched profiles after every reconnect.
// Watches are ref-counted, so two components looking at one profile share one subscription. A
// close because the session ended (signed out elsewhere, suspended: docs/safety.md) is reported,
// so the app can ask who is signed in at once rather than at its next poll. It keeps the last
// event sequence it got and reconnects with it, so the server sends what it missed or tells it to
// refetch (docs/social-and-realtime.md "Realtime").
import type { ClientMessage, SequencedMessage } from "../../domain/realtime-events";
import { asServerMessage, SESSION_ENDED_CLOSE_CODE } from "../../domain/realtime-frames";

export const PING_INTERVAL_MS = 25_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): doubling from 1 s, ±25 % jitter, ≤ 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(Math.min(RECONNECT_CAP_MS, exponential * (0.75 + random() * 0.5)));
}

/** The /realtime address on this page's own origin. */
export function realtimeUrl(location: Pick<Location, "protocol" | "host"> = window.location) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/realtime`;
}

/** Parses one frame; anything that is not a known server message is null (and ignored). */
export function parseServerMessage(raw: unknown): SequencedMessage | null {
  if (typeof raw !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  return asServerMessage(json);
}

type SocketLike = Pick<WebSocket, "readyState" | "send" | "close"> &
  Pick<WebSocket, "onopen" | "onmessage" | "onclose" | "onerror">;

export interface RealtimeClientOptions {
  url: () => string;
  onMessage: (message: SequencedMessage) => void;
  /** The server closed the connection because the session is gone. */
  onSessionEnded?: () => void;
  /** Tests hand in a fake socket. */
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

const OPEN = 1;

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private wanted = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** Set when a ping goes out, cleared by any frame: still set at the next tick means dead. */
  private awaitingReply = false;
  private readonly watched = new Map<string, number>();
  /** Where this tab is in the server's events: the epoch and the last sequence it got. */
  private position: { epoch: string; seq: string } | null = null;
  /** The latest `ready`'s position: where a refetch starts from. */
  private readyAt: { epoch: string; seq: string } | null = null;
  private readonly options: RealtimeClientOptions;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
  }

  /** Opens the connection (and keeps it open) until `disconnect`. */
  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    this.open();
  }

  disconnect(): void {
    this.wanted = false;
    this.position = this.readyAt = null;
    this.drop(1000, "signed out");
  }

  /** Retries right away (the network is back); no-op while connected. */
  retryNow(): void {
    if (!this.wanted || this.socket) return;
    this.attempt = 0;
    this.open();
  }

  /** Asks for the profile's live counters until the returned function is called. */
  watch(userId: string): () => void {
    const count = this.watched.get(userId) ?? 0;
    this.watched.set(userId, count + 1);
    if (count === 0) this.send({ type: "watch-profile", userId });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watched.get(userId) ?? 1) - 1;
      if (left > 0) {
        this.watched.set(userId, left);
        return;
      }
      this.watched.delete(userId);
      this.send({ type: "unwatch-profile", userId });
    };
  }

  /** The last event sequence received, with its epoch (for tests and debugging). */
  lastPosition(): { epoch: string; seq: string } | null {
    return this.position;
  }

  /** The profiles currently watched (for tests and debugging). */
  watchedProfiles(): string[] {
    return [...this.watched.keys()];
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private open(): void {
    this.clearTimers();
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: SocketLike;
    try {
      socket = create(this.address());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.awaitingReply = false;
      for (const userId of this.watched.keys()) this.send({ type: "watch-profile", userId });
      this.pingTimer = setInterval(() => this.tick(), PING_INTERVAL_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      this.awaitingReply = false;
      const message = parseServerMessage(event.data);
      if (!message) return;
      this.follow(message);
      this.options.onMessage(message);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    socket.onclose = (event?: CloseEvent) => {
      if (this.socket !== socket) return;
      if (event?.code === SESSION_ENDED_CLOSE_CODE) this.options.onSessionEnded?.();
      this.socket = null;
      this.clearTimers();
      if (this.wanted) this.scheduleReconnect();
    };
  }

  /** The address, with where this tab was and what it watches when it has been connected. */
  private address(): string {
    const url = this.options.url();
    if (!this.position) return url;
    const query = new URLSearchParams({ epoch: this.position.epoch, after: this.position.seq });
    if (this.watched.size > 0) query.set("watch", [...this.watched.keys()].join(","));
    return `${url}?${query}`;
  }

  /** Keeps the position: a first `ready` sets it, each event's sequence moves it, and a refetch
   * starts again from the `ready` before it. */
  private follow(message: SequencedMessage): void {
    if (message.type === "ready") {
      // The server accepted us: the next drop starts the backoff from the beginning.
      this.attempt = 0;
      this.readyAt = { epoch: message.epoch, seq: message.seq };
      this.position ??= this.readyAt;
    } else if (message.type === "refetch") {
      this.position = this.readyAt;
    } else if (message.seq !== undefined && this.position) {
      this.position = { epoch: this.position.epoch, seq: message.seq };
    }
  }

  private tick(): void {
    if (this.awaitingReply) {
      // No pong (nor anything else) since the last ping: the link is dead though not closed,
      // and a dead link can take minutes to report its close. Drop it and start again.
      this.drop(4000, "no pong");
      this.scheduleReconnect();
      return;
    }
    this.awaitingReply = true;
    this.send({ type: "ping" });
  }

  /** Closes the current socket without hearing from it again. */
  private drop(code: number, reason: string): void {
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    socket.close(code, reason);
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted) this.open();
    }, delay);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }
}
