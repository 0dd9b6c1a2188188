// The viewer's friends and the people in a block with them, held in memory for the advanced search
// (docs/search.md "Who can be found"), which reads both on every search. Follow and block changes
// reach every instance as events (follow.changed, relation.changed) and drop the copies of both
// people; a five-minute time to live bounds anything an event could miss.
import type { Db } from "../db/client";
import { type CacheBudgets, cacheBudgets } from "../infra/cache-budget";
import { KeyedCache } from "../infra/keyed-cache";
import type { DomainEvent } from "../realtime/events";
import { friendsOf } from "./viewer-relation";
import { inBlockWith } from "./visibility";

const TTL_MS = 5 * 60_000;
export class RelationCache {
  private readonly friends: KeyedCache<string, ReadonlySet<string>>;
  private readonly blocked: KeyedCache<string, ReadonlySet<string>>;

  constructor(
    private readonly db: Db,
    budgets: Pick<CacheBudgets, "friends" | "blocked"> = cacheBudgets(),
  ) {
    this.friends = new KeyedCache({ ttlMs: TTL_MS, maxBytes: budgets.friends });
    this.blocked = new KeyedCache({ ttlMs: TTL_MS, maxBytes: budgets.blocked });
  }

  /** Approximate bytes held by each set (infra/approximate-size.ts). */
  bytes(): { friends: number; blocked: number } {
    return { friends: this.friends.bytes, blocked: this.blocked.bytes };
  }

  /** The people who follow the viewer and whom the viewer follows. */
  friendsOf(viewerId: string): Promise<ReadonlySet<string>> {
    return this.read(
      this.friends,
      viewerId,
      async () => new Set(await friendsOf(this.db, viewerId)),
    );
  }

  /** The people in a block with the viewer, either way. */
  blockedWith(viewerId: string): Promise<ReadonlySet<string>> {
    return this.read(
      this.blocked,
      viewerId,
      async () => new Set(await inBlockWith(this.db, viewerId)),
    );
  }

  apply(event: DomainEvent): void {
    if (event.type === "follow.changed") {
      this.friends.invalidate(event.followerId);
      this.friends.invalidate(event.followingId);
    } else if (event.type === "account.deleted") {
      // Rare: whoever followed, befriended or blocked them is read afresh.
      this.friends.invalidateWhere(() => true);
      this.blocked.invalidateWhere(() => true);
    } else if (event.type === "relation.changed") {
      for (const userId of event.userIds) {
        this.friends.invalidate(userId);
        this.blocked.invalidate(userId);
      }
    }
  }

  /** Forgets everything (events may have been lost: realtime/bus.ts "reset"). */
  clear(): void {
    this.friends.clear();
    this.blocked.clear();
  }

  private async read(
    cache: KeyedCache<string, ReadonlySet<string>>,
    viewerId: string,
    load: () => Promise<ReadonlySet<string>>,
  ): Promise<ReadonlySet<string>> {
    const held = cache.get(viewerId);
    if (held) return held;
    const fill = cache.begin();
    try {
      const value = await load();
      fill.set(viewerId, value);
      return value;
    } finally {
      fill.end();
    }
  }
}
