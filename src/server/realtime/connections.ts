// The /realtime gateway's open sockets on this instance (docs/social-and-realtime.md): each
// connection indexed by its user and by the profiles it watches, the per-IP socket count, and the
// one way a message is sent to a socket (a client too slow to read is dropped, never waited for).
import type { WebSocket } from "ws";
import type { SequencedMessage, ServerMessage } from "../../domain/realtime-events";

/** A client that lets this much pile up unsent is too slow: it is dropped, never waited for. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_WATCHED_PROFILES = 50;
/** Sockets one account may hold on an instance; past that its oldest is closed. */
export const MAX_SOCKETS_PER_USER = 20;

export interface Connection {
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
  /** The sequence of the last event sent (or known to the client): older ones are not sent. */
  lastSeq: string;
  /** While the client's backlog is replayed, live events wait here, in order. */
  held: { seq: string; messages: ServerMessage[] }[] | null;
}

export class Registry {
  /** A registry of this one connection and its watches, to decide what of an event is its own. */
  static solo(conn: Connection): Registry {
    const registry = new Registry();
    registry.index(registry.byUser, conn.userId, conn);
    for (const profileId of conn.watching) registry.index(registry.byWatched, profileId, conn);
    return registry;
  }

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

export function send(conn: Connection, message: SequencedMessage) {
  if (conn.socket.readyState !== conn.socket.OPEN) return;
  if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.socket.terminate();
    return;
  }
  conn.socket.send(JSON.stringify(message));
  conn.sent(message.type);
}
