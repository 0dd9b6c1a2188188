// The viewers' muted words held in memory, so a page of posts read again sends no statement for
// them (docs/safety.md "Muted words", docs/performance.md "Feed"). A viewer's entries change only
// through their own requests, each of which publishes mutedWords.changed; the event reaches every
// instance (this one before the request is answered: outbox/outbox.ts) and drops the viewer's
// copy. An entry's expiry is kept with it and applied as each page is presented, so one expiring
// needs no event. A time to live bounds what an event lost to a crash could leave.
import type { MutedWordContext } from "../../domain/muted-words";
import { KeyedCache } from "../infra/keyed-cache";
import type { DomainEvent } from "../realtime/events";
import { type MutedEntry, type MutedMarker, markerOf, markNothing } from "./muted-words";

const TTL_MS = 10 * 60_000;

export interface MutedWordCacheOptions {
  maxBytes: number;
  /** The viewer's entries (one query: policy/muted-words.ts mutedEntriesOf). */
  load: (viewerId: string) => Promise<MutedEntry[]>;
  ttlMs?: number;
  now?: () => number;
}

export class MutedWordCache {
  private readonly entries: KeyedCache<string, readonly MutedEntry[]>;
  private readonly load: (viewerId: string) => Promise<MutedEntry[]>;

  constructor(options: MutedWordCacheOptions) {
    this.entries = new KeyedCache({
      ttlMs: options.ttlMs ?? TTL_MS,
      maxBytes: options.maxBytes,
      now: options.now,
    });
    this.load = options.load;
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  /** policy/muted-words.ts `markerOf` the viewer's entries; nobody signed in marks nothing. */
  async marker(
    viewerId: string | null,
    at: { context: MutedWordContext; now: Date },
  ): Promise<MutedMarker> {
    if (viewerId === null) return markNothing;
    return markerOf(viewerId, await this.entriesOf(viewerId), at);
  }

  private async entriesOf(viewerId: string): Promise<readonly MutedEntry[]> {
    const held = this.entries.get(viewerId);
    if (held) return held;
    const fill = this.entries.begin();
    try {
      const loaded = await this.load(viewerId);
      fill.set(viewerId, loaded);
      return loaded;
    } finally {
      fill.end();
    }
  }

  apply(event: DomainEvent): void {
    if (event.type === "mutedWords.changed" || event.type === "account.deleted") {
      this.entries.invalidate(event.userId);
    }
  }

  /** Forgets everything (events may have been lost: realtime/bus.ts "reset"). */
  clear(): void {
    this.entries.clear();
  }
}
