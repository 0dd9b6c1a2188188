// The first page of active readers' home feeds, kept in memory (docs/feed.md). A miss runs the
// per-followee merge once; afterwards the page is kept current by the domain events every instance
// receives: a new post is inserted into the cached pages of the author, of the author's cached
// followers and of cached readers who follow one of its tags, a deleted post is taken out, and a
// reader's follow or unfollow (of a person or a tag) drops their page.
// Pages are held in a KeyedCache bounded by memory. Events keep them current, and the bus tells
// when events may have been lost (realtime/bus.ts "reset"), so their time to live is long: it only
// bounds the harm of an event lost to a crash between a commit and its publishing (docs/feed.md
// "Serving active readers from memory"). Loads follow their own protocol below, as an event
// changes a page being loaded rather than only refusing it.
import { performance } from "node:perf_hooks";
import { hashtagsIn } from "../../../domain/hashtags";
import { cacheBudgets } from "../../infra/cache-budget";
import { KeyedCache } from "../../infra/keyed-cache";
import type { DomainEvent } from "../../realtime/events";
import type { PostKey } from "./queries";

interface Page {
  /** Newest first, at most `depth`. */
  keys: PostKey[];
  /** True when the reader's feed has no posts beyond `keys`. */
  complete: boolean;
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
  /** Reads the reader's newest `depth` feed keys from the database, from data that holds every
   * commit made before `changedAt` (performance.now() of the newest event heard: a read replica
   * that has not replayed them must not fill a page, db/read-routing.ts). */
  load: (readerId: string, depth: number, changedAt: number) => Promise<PostKey[]>;
  /** Which of these readers follow the author. */
  followersAmong: (authorId: string, readerIds: string[]) => Promise<string[]>;
  /** Which of these readers follow one of the tags and may see the author's posts (docs/feed.md
   * "Hashtags"); with no author (a post from elsewhere), which follow one of the tags. */
  tagFollowersAmong?: (input: {
    tags: string[];
    authorId?: string;
    readerIds: string[];
  }) => Promise<string[]>;
  /** Keys kept per reader: a page and one more, which tells whether a next page exists. */
  depth: number;
  /** What the pages may hold (infra/cache-budget.ts). */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** A page's time to live: far beyond the two minutes between an active reader's visits, so their
 * pages stay (docs/feed.md "Serving active readers from memory"). */
export const FEED_PAGE_TTL_MS = 10 * 60_000;

export const newerFirst = (a: PostKey, b: PostKey) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

declare module "../../context" {
  interface AppContext {
    /** Active readers' first feed pages (docs/feed.md). */
    feed: FeedCache;
  }
}

export class FeedCache {
  private readonly pages: KeyedCache<string, Page>;
  private readonly fills = new Map<string, Fill>();
  private hits = 0;
  private misses = 0;
  /** When the newest event arrived (performance.now()). */
  private changedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: FeedCacheOptions) {
    this.pages = new KeyedCache({
      ttlMs: options.ttlMs ?? FEED_PAGE_TTL_MS,
      maxBytes: options.maxBytes ?? cacheBudgets().feedPages,
      now: options.now,
    });
  }

  get depth(): number {
    return this.options.depth;
  }

  /** The reader's newest `depth` feed keys (fewer when the feed is shorter). */
  async firstKeys(readerId: string): Promise<PostKey[]> {
    const page = this.pages.get(readerId);
    if (page) {
      this.hits++;
      return page.keys;
    }
    this.misses++;
    const running = this.fills.get(readerId);
    if (running) return running.promise;
    const fill: Fill = {
      promise: this.options.load(readerId, this.depth, this.changedAt),
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
    this.changedAt = performance.now();
    switch (event.type) {
      case "post.created": {
        const key = { id: event.post.id, createdAt: new Date(event.post.createdAt) };
        const known = new Set([...this.pages.keys(), ...this.fills.keys()]);
        known.delete(event.authorId);
        const readers = await this.options.followersAmong(event.authorId, [...known]);
        for (const readerId of readers) known.delete(readerId);
        const tagReaders = await this.tagFollowersAmong(event.authorId, event.post.content, known);
        for (const readerId of [event.authorId, ...readers, ...tagReaders]) {
          this.insert(readerId, key);
        }
        return;
      }
      case "post.reposted": {
        // docs/feed.md "Reposts and quotes": a new repost drops the pages of the reposter's cached
        // followers (whether it shows depends on whom they follow); one taken back leaves pages
        // as a deleted post does.
        if (!event.reposted) return this.remove(event.repostId);
        const known = [...this.pages.keys(), ...this.fills.keys()];
        const readers = await this.options.followersAmong(event.userId, known);
        for (const readerId of [event.userId, ...readers]) this.drop(readerId);
        return;
      }
      case "post.deleted":
        return this.remove(event.postId);
      case "post.updated": {
        // An edit may add a tag a cached reader follows, or take away the one that brought the
        // post to a page: those pages load afresh (edits are rare).
        const known = new Set([...this.pages.keys(), ...this.fills.keys()]);
        const holding = [...this.pages.entries()]
          .filter(([, page]) => page.keys.some((k) => k.id === event.postId))
          .map(([readerId]) => readerId);
        const tagReaders = await this.tagFollowersAmong(event.authorId, event.content, known);
        for (const readerId of [...holding, ...tagReaders]) this.drop(readerId);
        return;
      }
      case "follow.changed":
        this.drop(event.followerId);
        return;
      case "relation.changed":
      case "feed.stale":
        for (const userId of event.userIds) this.drop(userId);
        return;
      case "feed.tagged": {
        const known = [...this.pages.keys(), ...this.fills.keys()];
        const among = this.options.tagFollowersAmong;
        if (!among || known.length === 0) return;
        for (const readerId of await among({ tags: event.tags, readerIds: known })) {
          this.drop(readerId);
        }
        return;
      }
      case "account.suspended":
      case "account.deleted":
        // Rare: every cached page may hold their posts, so all are loaded afresh.
        for (const readerId of [...this.pages.keys()]) this.drop(readerId);
        return;
      default:
        return;
    }
  }

  /** Which of the readers follow one of the post's tags (and may see its author). */
  private async tagFollowersAmong(authorId: string, content: string, readers: Set<string>) {
    const among = this.options.tagFollowersAmong;
    if (!among || readers.size === 0) return [];
    const tags = hashtagsIn(content).map((t) => t.key);
    return tags.length > 0 ? among({ tags, authorId, readerIds: [...readers] }) : [];
  }

  /** Takes a post, and the reposts of it, or a repost, out of every page. */
  private remove(id: string) {
    for (const fill of this.fills.values()) fill.deleted.add(id);
    for (const [readerId, page] of this.pages.entries()) {
      const keys = page.keys.filter((k) => k.id !== id && k.repostOf !== id);
      if (keys.length === page.keys.length) continue;
      // A page that lost a post cannot tell what came next unless it held the whole feed.
      if (page.complete) this.pages.update(readerId, () => ({ keys, complete: true }));
      else this.pages.invalidate(readerId);
    }
  }

  /** Forgets every page and every load in progress (events may have been lost: realtime/bus.ts
   * "reset"). */
  clear(): void {
    for (const fill of this.fills.values()) fill.stale = true;
    this.pages.clear();
    this.changedAt = performance.now();
  }

  /** The reader's page is stale (their follows or blocks changed): the next read loads it. */
  private drop(readerId: string) {
    const fill = this.fills.get(readerId);
    if (fill) fill.stale = true;
    this.pages.invalidate(readerId);
  }

  /** Hits and misses since the start, and pages held (for tests and debugging). */
  stats(): { hits: number; misses: number; readers: number; bytes: number } {
    return {
      hits: this.hits,
      misses: this.misses,
      readers: this.pages.size,
      bytes: this.pages.bytes,
    };
  }

  /** A new post reaches a cached page now, or a page being loaded when its load ends. */
  private insert(readerId: string, key: PostKey) {
    const page = this.pages.get(readerId);
    if (!page) {
      this.fills.get(readerId)?.added.push(key);
      return;
    }
    if (page.keys.some((k) => k.id === key.id)) return;
    const keys = [...page.keys, key].sort(newerFirst);
    this.pages.update(readerId, () => ({
      keys: keys.slice(0, this.depth),
      complete: page.complete && keys.length <= this.depth,
    }));
  }

  /** Keeps a finished load, with what happened while it ran. */
  private settle(readerId: string, loaded: PostKey[], fill: Fill) {
    const complete = loaded.length < this.depth;
    const seen = new Set(loaded.map((k) => k.id));
    const candidates = [...loaded, ...fill.added.filter((k) => !seen.has(k.id))];
    const kept = candidates.filter((k) => !fill.deleted.has(k.id)).sort(newerFirst);
    // Without the whole feed, a page that lost a post cannot tell what came after it.
    if (kept.length < candidates.length && !complete) return;
    this.pages.put(readerId, {
      keys: kept.slice(0, this.depth),
      complete: complete && kept.length <= this.depth,
    });
  }
}
