// A bounded in-memory cache whose entries are dropped by events (and, as a backstop, by age).
// The bound is memory: each entry's approximate size (approximate-size.ts) counts against
// `maxBytes`, and the oldest entries go first when a new one would pass it (docs/performance.md
// "Caches sized by memory"). Loads go through a Fill: a value read from the database before an
// invalidation of its key but stored after it would bring the old value back, so a fill does not
// store keys invalidated since it began.
import { approximateBytes } from "./approximate-size";

/**
 * When an entry stored now expires: between 80% and 100% of its time to live, so entries filled
 * together (a deploy, a burst of sign-ins) do not all expire, and reload, at the same moment.
 */
export const expiryFrom = (now: number, ttlMs: number): number =>
  now + ttlMs * (0.8 + 0.2 * Math.random());

export interface KeyedCacheOptions {
  ttlMs: number;
  /** The most the entries may hold, by their approximate size with their keys. */
  maxBytes: number;
  /** What each entry keeps alive outside it, counted with it (posts' presented views). */
  derivedBytes?: number;
  now?: () => number;
}

/** The held entry in the Map's table: its key's slot, the record and its fields. */
const ENTRY_OVERHEAD = 96;

/** What an entry counts against `maxBytes`. */
export const entryBytes = (key: unknown, value: unknown): number =>
  ENTRY_OVERHEAD + approximateBytes(key) + approximateBytes(value);

interface Held<V> {
  value: V;
  until: number;
  bytes: number;
}

export interface Fill<K, V> {
  set(key: K, value: V): void;
  end(): void;
}

export class KeyedCache<K, V> {
  private readonly held = new Map<K, Held<V>>();
  private heldBytes = 0;
  /** When each key was last invalidated, kept only while fills are running. */
  private readonly invalidated = new Map<K, number>();
  private readonly running = new Set<number>();
  private seq = 0;
  /** Fills begun before this may not store anything (the whole cache was cleared since). */
  private clearedAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: KeyedCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: K): V | undefined {
    const entry = this.held.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.drop(key);
    return undefined;
  }

  invalidate(key: K): void {
    this.drop(key);
    this.noteChange(key);
  }

  /** Changes a held value in place (an event told what changed); absent keys stay absent. */
  update(key: K, change: (value: V) => V): void {
    const entry = this.held.get(key);
    if (entry) {
      entry.value = change(entry.value);
      const bytes = this.bytesOf(key, entry.value);
      this.heldBytes += bytes - entry.bytes;
      entry.bytes = bytes;
      this.evictPast(this.options.maxBytes, key);
    }
    this.noteChange(key);
  }

  /**
   * Stores a value known to be current (an event told it as committed, or its owner vouches for
   * it); fills that began earlier do not overwrite it. `notAfter` caps its jittered expiry.
   */
  put(key: K, value: V, options: { notAfter?: number } = {}): void {
    this.store(key, value, options.notAfter);
    this.noteChange(key);
  }

  /** Drops every held value that matches. */
  invalidateWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.held) if (matches(entry.value)) this.invalidate(key);
  }

  /** Drops everything held; fills that began earlier store nothing. */
  clear(): void {
    this.held.clear();
    this.heldBytes = 0;
    this.clearedAt = ++this.seq;
  }

  begin(): Fill<K, V> {
    const started = ++this.seq;
    this.running.add(started);
    return {
      set: (key, value) => {
        if (this.clearedAt > started || (this.invalidated.get(key) ?? 0) > started) return;
        this.store(key, value);
      },
      end: () => {
        this.running.delete(started);
        this.forgetOldChanges();
      },
    };
  }

  private noteChange(key: K) {
    if (this.running.size > 0) this.invalidated.set(key, ++this.seq);
  }

  /** Changes older than every running fill can no longer refuse anything. */
  private forgetOldChanges() {
    if (this.running.size === 0) {
      this.invalidated.clear();
      return;
    }
    if (this.invalidated.size < 1000) return;
    const oldest = Math.min(...this.running);
    for (const [key, seq] of this.invalidated) if (seq < oldest) this.invalidated.delete(key);
  }

  /** The entries that have not expired, oldest first. */
  *entries(): IterableIterator<[K, V]> {
    const now = this.now();
    for (const [key, entry] of this.held) if (entry.until > now) yield [key, entry.value];
  }

  *keys(): IterableIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  /** Entries held, counting expired ones not yet dropped. */
  get size(): number {
    return this.held.size;
  }

  /** The approximate bytes the held entries take, expired ones not yet dropped included. */
  get bytes(): number {
    return this.heldBytes;
  }

  private drop(key: K) {
    const entry = this.held.get(key);
    if (!entry) return;
    this.held.delete(key);
    this.heldBytes -= entry.bytes;
  }

  /** Drops the oldest entries, other than `keep`, until the rest fit in `limit` bytes. */
  private evictPast(limit: number, keep?: K) {
    for (const [key] of this.held) {
      if (this.heldBytes <= limit) return;
      if (key !== keep) this.drop(key);
    }
  }

  private bytesOf(key: K, value: V): number {
    return entryBytes(key, value) + (this.options.derivedBytes ?? 0);
  }

  private store(key: K, value: V, notAfter = Number.POSITIVE_INFINITY) {
    this.drop(key);
    const bytes = this.bytesOf(key, value);
    if (bytes > this.options.maxBytes) return;
    this.evictPast(this.options.maxBytes - bytes);
    const until = Math.min(expiryFrom(this.now(), this.options.ttlMs), notAfter);
    this.held.set(key, { value, until, bytes });
    this.heldBytes += bytes;
  }
}
