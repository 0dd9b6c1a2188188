// The first page of active readers' home feeds, kept in memory (docs/feed.md). A miss runs the
// per-followee merge once; afterwards the page is kept current by the domain events every instance
// receives: a new post is inserted into the cached pages of the author and of the author's cached
// followers, a deleted post is taken out, and a reader's follow or unfollow drops their page.
// A time to live bounds the harm of an event that never arrived.
import { expiryFrom } from "../../infra/keyed-cache";
import type { DomainEvent } from "../../realtime/events";
import type { PostKey } from "./queries";

interface Entry {
  /** Newest first, at most `depth`. */
  keys: PostKey[];
  /** True when the reader's feed has no posts beyond `keys`. */
  complete: boolean;
  until: number;
}

/** A load in progress, and what happened to the reader's feed while it ran. */
interface Fill {
  promise: Promise<PostKey[]>;
  /** The reader followed or unfollowed someone: the result is served but not kept. */
  stale: boolean;
  added: PostKey[];
  deleted: Set<string>;
}

export interface FeedCacheOptions {
  /** Reads the reader's newest `depth` feed keys from the database. */
  load: (readerId: string, depth: number) => Promise<PostKey[]>;
  /** Which of these readers follow the author. */
  followersAmong: (authorId: string, readerIds: string[]) => Promise<string[]>;
  /** Keys kept per reader: a page and one more, which tells whether a next page exists. */
  depth: number;
  maxReaders?: number;
  ttlMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

const newerFirst = (a: PostKey, b: PostKey) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly fills = new Map<string, Fill>();
  private readonly maxReaders: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: FeedCacheOptions) {
    this.maxReaders = options.maxReaders ?? 10_000;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get depth(): number {
    return this.options.depth;
  }

  /** The reader's newest `depth` feed keys (fewer when the feed is shorter). */
  async firstKeys(readerId: string): Promise<PostKey[]> {
    const entry = this.entries.get(readerId);
    if (entry && entry.until > this.now()) {
      this.hits++;
      return entry.keys;
    }
    this.entries.delete(readerId);
    this.misses++;
    const running = this.fills.get(readerId);
    if (running) return running.promise;
    const fill: Fill = {
      promise: this.options.load(readerId, this.depth),
      stale: false,
      added: [],
      deleted: new Set(),
    };
    this.fills.set(readerId, fill);
    try {
      const keys = await fill.promise;
      if (!fill.stale) this.settle(readerId, keys, fill);
      return keys;
    } finally {
      this.fills.delete(readerId);
    }
  }

  /** Applies a domain event; the returned promise settles when every cached page reflects it. */
  async apply(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case "post.created": {
        const key = { id: event.post.id, createdAt: new Date(event.post.createdAt) };
        const known = new Set([...this.entries.keys(), ...this.fills.keys()]);
        known.delete(event.authorId);
        const readers = await this.options.followersAmong(event.authorId, [...known]);
        for (const readerId of [event.authorId, ...readers]) this.insert(readerId, key);
        return;
      }
      case "post.deleted":
        for (const fill of this.fills.values()) fill.deleted.add(event.postId);
        for (const [readerId, entry] of this.entries) {
          const keys = entry.keys.filter((k) => k.id !== event.postId);
          if (keys.length === entry.keys.length) continue;
          // A page that lost a post cannot tell what came next unless it held the whole feed.
          if (entry.complete) entry.keys = keys;
          else this.entries.delete(readerId);
        }
        return;
      case "follow.changed": {
        const fill = this.fills.get(event.followerId);
        if (fill) fill.stale = true;
        this.entries.delete(event.followerId);
        return;
      }
      default:
        return;
    }
  }

  /** Hits and misses since the start, and pages held (for tests and debugging). */
  stats(): { hits: number; misses: number; readers: number } {
    return { hits: this.hits, misses: this.misses, readers: this.entries.size };
  }

  /** A new post reaches a cached page now, or a page being loaded when its load ends. */
  private insert(readerId: string, key: PostKey) {
    const entry = this.entries.get(readerId);
    if (entry) {
      if (entry.keys.some((k) => k.id === key.id)) return;
      const keys = [...entry.keys, key].sort(newerFirst);
      entry.keys = keys.slice(0, this.depth);
      if (keys.length > this.depth) entry.complete = false;
      return;
    }
    this.fills.get(readerId)?.added.push(key);
  }

  /** Keeps a finished load, with what happened while it ran. */
  private settle(readerId: string, loaded: PostKey[], fill: Fill) {
    const complete = loaded.length < this.depth;
    const seen = new Set(loaded.map((k) => k.id));
    const candidates = [...loaded, ...fill.added.filter((k) => !seen.has(k.id))];
    const kept = candidates.filter((k) => !fill.deleted.has(k.id)).sort(newerFirst);
    // Without the whole feed, a page that lost a post cannot tell what came after it.
    if (kept.length < candidates.length && !complete) return;
    this.store(readerId, kept.slice(0, this.depth), complete && kept.length <= this.depth);
  }

  private store(readerId: string, keys: PostKey[], complete: boolean) {
    if (this.entries.size >= this.maxReaders) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(readerId, { keys, complete, until: expiryFrom(this.now(), this.ttlMs) });
  }
}
