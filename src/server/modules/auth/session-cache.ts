// Who is signed in, without a database round trip on every request: a session cookie that the
// auth library verified maps to its user for up to a minute, never past the session's own end
// (a KeyedCache: bounded, jittered expiry). Ending a session (sign-out, password reset) drops
// every entry of that user on every instance (the session.ended event), and the user then
// bypasses the cache for a while, so a lookup that raced the revocation's commit cannot put the
// ended session back.

import { cacheBudgets } from "../../infra/cache-budget";
import { KeyedCache } from "../../infra/keyed-cache";

export interface ResolvedSession {
  userId: string;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  /** What the entries may hold (infra/cache-budget.ts). */
  maxBytes?: number;
  /** How long after a revocation that user's lookups go to the database. */
  bypassMs?: number;
  now?: () => number;
}

export class SessionCache {
  /** Cookie value → user id. */
  private readonly users: KeyedCache<string, string>;
  private readonly bypassUntil = new Map<string, number>();
  private readonly bypassMs: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.bypassMs = options.bypassMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.users = new KeyedCache({
      ttlMs: options.ttlMs ?? 60_000,
      maxBytes: options.maxBytes ?? cacheBudgets().sessions,
      now: this.now,
    });
  }

  /** The user of this session cookie value; `resolve` asks the auth library on a miss. */
  async userId(
    cookie: string | undefined,
    resolve: () => Promise<ResolvedSession | null>,
  ): Promise<string | null> {
    const cached = cookie ? this.users.get(cookie) : undefined;
    if (cached !== undefined) {
      if (!this.bypassed(cached, this.now())) return cached;
      this.users.invalidate(cookie as string);
    }
    const session = await resolve();
    if (!session) return null;
    if (cookie && !this.bypassed(session.userId, this.now())) {
      this.users.put(cookie, session.userId, { notAfter: session.expiresAt.getTime() });
    }
    return session.userId;
  }

  /** Forgets every session of this user (one of them, or all, has just ended). */
  revoke(userId: string): void {
    this.users.invalidateWhere((id) => id === userId);
    const now = this.now();
    if (this.bypassUntil.size > 1000) {
      for (const [id, until] of this.bypassUntil) if (until <= now) this.bypassUntil.delete(id);
    }
    this.bypassUntil.set(userId, now + this.bypassMs);
  }

  /** Forgets every session (events may have been lost: realtime/bus.ts "reset"). */
  clear(): void {
    this.users.clear();
  }

  /** Approximate bytes held (infra/approximate-size.ts). */
  get bytes(): number {
    return this.users.bytes;
  }

  get size(): number {
    return this.users.size;
  }

  private bypassed(userId: string, now: number): boolean {
    const until = this.bypassUntil.get(userId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.bypassUntil.delete(userId);
    return false;
  }
}
