// Who is signed in, without a database round trip on every request: a session cookie that the
// auth library verified maps to its user for up to a minute. Ending a session (sign-out, password
// reset) drops every entry of that user on every instance (the session.ended event), and the
// user then bypasses the cache for a while, so a lookup that raced the revocation's commit cannot
// put the ended session back.

import { expiryFrom } from "../../infra/keyed-cache";

export interface ResolvedSession {
  userId: string;
  expiresAt: Date;
}

interface Entry {
  userId: string;
  /** Until when the entry may answer: the end of its time to live or of the session. */
  until: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** How long after a revocation that user's lookups go to the database. */
  bypassMs?: number;
  now?: () => number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly bypassUntil = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly bypassMs: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.bypassMs = options.bypassMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The user of this session cookie value; `resolve` asks the auth library on a miss. */
  async userId(
    cookie: string | undefined,
    resolve: () => Promise<ResolvedSession | null>,
  ): Promise<string | null> {
    const now = this.now();
    const entry = cookie ? this.entries.get(cookie) : undefined;
    if (entry && entry.until > now && !this.bypassed(entry.userId, now)) return entry.userId;
    if (entry) this.entries.delete(cookie as string);
    const session = await resolve();
    if (!session) return null;
    if (cookie && !this.bypassed(session.userId, this.now())) {
      this.store(cookie, {
        userId: session.userId,
        until: Math.min(expiryFrom(now, this.ttlMs), session.expiresAt.getTime()),
      });
    }
    return session.userId;
  }

  /** Forgets every session of this user (one of them, or all, has just ended). */
  revoke(userId: string): void {
    for (const [cookie, entry] of this.entries) {
      if (entry.userId === userId) this.entries.delete(cookie);
    }
    const now = this.now();
    if (this.bypassUntil.size > 1000) {
      for (const [id, until] of this.bypassUntil) if (until <= now) this.bypassUntil.delete(id);
    }
    this.bypassUntil.set(userId, now + this.bypassMs);
  }

  get size(): number {
    return this.entries.size;
  }

  private bypassed(userId: string, now: number): boolean {
    const until = this.bypassUntil.get(userId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.bypassUntil.delete(userId);
    return false;
  }

  private store(cookie: string, entry: Entry) {
    this.entries.delete(cookie);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(cookie, entry);
  }
}
