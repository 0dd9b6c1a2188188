// The reposts a reader was last shown, kept in memory so a cached page with reposts sends no
// statement (docs/feed.md "Reposts and quotes"). A repost is kept for a reader once the visibility
// rule (repost-queries.ts visibleReposts) has shown it to them; what can hide it afterwards comes
// as a domain event to every instance and drops what it may have changed:
// - a block either way, or a mute of the reposter or the post's author: relation.changed names
//   the reader, whose reposts are read again;
// - a follow or an unfollow (a private author's posts are for their followers): follow.changed;
// - the author going private, or the reposter's name or picture changing: profile.changed drops
//   every kept repost by or of that person;
// - a suspension or an account's deletion: everything is read again;
// - the post's deletion: the post is no longer hydrated, so its reposts are not shown.
// Only what was shown is kept: a repost the rule hides is asked again at the next page. Entries
// also expire, as the feed's pages do, which bounds the harm of an event lost to a crash.
import { cacheBudgets } from "../../infra/cache-budget";
import { KeyedCache } from "../../infra/keyed-cache";
import type { DomainEvent } from "../../realtime/events";
import type { PersonRow } from "../profiles/person";
import { FEED_PAGE_TTL_MS } from "./feed-cache";

/** A repost the reader may be shown: the post it shares, that post's author, who reposted it. */
export interface VisibleRepost {
  id: string;
  postId: string;
  authorId: string;
  reposter: PersonRow;
}

export interface RepostViewsOptions {
  /** Those of the repost ids the reader may be shown (one query). */
  load: (viewerId: string | null, ids: string[]) => Promise<VisibleRepost[]>;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/** Reposts kept per reader: a page's and those of the profiles they opened lately. */
const KEPT_PER_READER = 100;

export class RepostViews {
  private readonly views: KeyedCache<string, readonly VisibleRepost[]>;
  /** Counts the profile changes: a load that ran across one may hold what it changed, for any
   * reader, so it is shown but not kept. */
  private profileChanges = 0;

  constructor(private readonly options: RepostViewsOptions) {
    this.views = new KeyedCache({
      ttlMs: options.ttlMs ?? FEED_PAGE_TTL_MS,
      maxBytes: options.maxBytes ?? cacheBudgets().repostViews,
      now: options.now,
    });
  }

  get bytes(): number {
    return this.views.bytes;
  }

  /** Those of the repost ids the reader may be shown, in no particular order. */
  async visible(viewerId: string | null, ids: string[]): Promise<VisibleRepost[]> {
    if (ids.length === 0) return [];
    // Nobody signed in reads profiles only, whose keys are read fresh with the same rule.
    if (!viewerId) return this.options.load(null, ids);
    const held = this.views.get(viewerId) ?? [];
    const known = new Map(held.map((r) => [r.id, r]));
    const shown = ids.flatMap((id) => known.get(id) ?? []);
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length === 0) return shown;
    const fill = this.views.begin();
    const changes = this.profileChanges;
    try {
      const loaded = await this.options.load(viewerId, missing);
      if (loaded.length > 0 && changes === this.profileChanges) {
        const kept = [...held.filter((r) => !missing.includes(r.id)), ...loaded];
        fill.set(viewerId, kept.slice(-KEPT_PER_READER));
      }
      return [...shown, ...loaded];
    } finally {
      fill.end();
    }
  }

  apply(event: DomainEvent): void {
    switch (event.type) {
      case "relation.changed":
        for (const userId of event.userIds) this.views.invalidate(userId);
        return;
      case "follow.changed":
        this.views.invalidate(event.followerId);
        return;
      case "profile.changed":
        this.profileChanges += 1;
        this.views.invalidateWhere((kept) =>
          kept.some((r) => r.reposter.userId === event.userId || r.authorId === event.userId),
        );
        return;
      case "account.suspended":
      case "account.deleted":
        this.views.clear();
        return;
      default:
        return;
    }
  }

  /** Forgets everything (events may have been lost: realtime/bus.ts "reset"). */
  clear(): void {
    this.views.clear();
  }
}
