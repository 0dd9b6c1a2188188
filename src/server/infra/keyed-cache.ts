// A bounded in-memory cache whose entries are dropped by events (and, as a backstop, by age).
// Loads go through a Fill: a value read from the database before an invalidation of its key but
// stored after it would bring the old value back, so a fill does not store keys invalidated since
// it began.

export interface KeyedCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export interface Fill<K, V> {
  set(key: K, value: V): void;
  end(): void;
}

export class KeyedCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** When each key was last invalidated, kept only while fills are running. */
  private readonly invalidated = new Map<K, number>();
  private readonly running = new Set<number>();
  private seq = 0;
  private readonly now: () => number;

  constructor(private readonly options: KeyedCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  invalidate(key: K): void {
    this.entries.delete(key);
    if (this.running.size > 0) this.invalidated.set(key, ++this.seq);
  }

  begin(): Fill<K, V> {
    const started = ++this.seq;
    this.running.add(started);
    return {
      set: (key, value) => {
        if ((this.invalidated.get(key) ?? 0) > started) return;
        this.store(key, value);
      },
      end: () => {
        this.running.delete(started);
        if (this.running.size === 0) this.invalidated.clear();
      },
    };
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: K, value: V) {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: this.now() + this.options.ttlMs });
  }
}
