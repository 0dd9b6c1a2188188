// Keeps this instance's profile index true to PostgreSQL (docs/search.md "Profile index"): a full
// load at start, then the search_changes log. A search first reads the log past the watermark —
// one small query, shared by the searches that arrive while it runs — so it sees every change
// committed before it began, whichever instance or hand wrote it. The watermark is the oldest
// transaction still running at the last read (pg_snapshot_xmin): a change that commits later with
// an older id is still at or past it. A timer catches up and prunes the log when nobody searches.
import type { Db } from "../../../db/client";
import { cityAreas } from "../../cities/city-areas";
import type { SearchEngine } from "../engine";
import {
  changedSince,
  indexedAfter,
  indexedWithIds,
  pruneChangesBelow,
  readHorizon,
} from "./index-feed-queries";
import { placementOf } from "./index-placement";
import { searchIndex } from "./index-query";
import { ProfileIndex } from "./profile-index";
import type { IndexPage, IndexQuery } from "./types";

const LOAD_BATCH = 20_000;
const IDLE_CATCH_UP_MS = 30_000;
/** Log rows are pruned once every instance has had this long to read them. */
const KEEP_LOG_MS = 10 * 60_000;
/** An instance that could not read the log for this long loads everything again. */
const RELOAD_AFTER_MS = 5 * 60_000;
/** Past this long since its last read of the log (three idle rounds), the index is not caught up
 * and the instance is not ready (docs/operations.md "Start and stop"). */
const STALE_AFTER_MS = 3 * IDLE_CATCH_UP_MS;

export interface ProfileIndexFeedOptions {
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** The memory engine (docs/search.md "Search engines"): the index, kept current. */
export class ProfileIndexFeed implements SearchEngine {
  private index = new ProfileIndex();
  private watermark = 0n;
  private loaded = false;
  private caughtUpAt = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Horizons seen, oldest first: once one is KEEP_LOG_MS old, the log below it is pruned. */
  private readonly marks: { at: number; horizon: bigint }[] = [];
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: ProfileIndexFeedOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Loads every profile, then catches up on a timer until `close`. */
  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.current().catch((error: unknown) => this.options.onError?.(error));
    }, IDLE_CATCH_UP_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Loaded, and has read the change log lately: the readiness signal (`/readyz`). Reads no
   * database; the idle timer keeps it fresh when nobody searches.
   */
  caughtUp(): boolean {
    return this.loaded && this.now() - this.caughtUpAt <= STALE_AFTER_MS;
  }

  /** Profiles held, and how long since the change log was last read (docs/operations.md
   * "Metrics"). */
  stats(): { profiles: number; msSinceCaughtUp: number | null } {
    return {
      profiles: this.index.size,
      msSinceCaughtUp: this.loaded ? this.now() - this.caughtUpAt : null,
    };
  }

  /** The index with every change committed before this call. */
  async current(): Promise<ProfileIndex> {
    if (this.queued) {
      await this.queued;
    } else if (this.running) {
      // That read began before this call: wait for it, then read again (shared by all who wait).
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.refresh();
        });
      await this.queued;
    } else {
      await this.refresh();
    }
    return this.index;
  }

  async page(query: IndexQuery): Promise<IndexPage> {
    return searchIndex(await this.current(), query);
  }

  private refresh(): Promise<void> {
    this.running = (
      this.now() - this.caughtUpAt > RELOAD_AFTER_MS ? this.reload() : this.catchUp()
    ).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async reload(): Promise<void> {
    const watermark = await readHorizon(this.db);
    const index = new ProfileIndex();
    let after = "";
    for (;;) {
      const rows = await indexedAfter(this.db, { after, limit: LOAD_BATCH });
      for (const row of rows) index.append(row);
      const last = rows.at(-1);
      if (!last || rows.length < LOAD_BATCH) break;
      after = last.userId;
    }
    index.reorder();
    // Where each place is measured from, worked out now (about 130 ms at a million profiles) so the
    // first distance search does not pay for it while others wait (docs/search.md "Distance").
    placementOf(index, cityAreas());
    this.index = index;
    this.watermark = watermark;
    this.caughtUpAt = this.now();
    this.loaded = true;
  }

  private async catchUp(): Promise<void> {
    const row = await changedSince(this.db, this.watermark);
    if (!row) return;
    if (row.ids.length > 0) {
      const found = await indexedWithIds(this.db, row.ids);
      const present = new Set<string>();
      for (const profile of found) {
        this.index.upsert(profile);
        present.add(profile.userId);
      }
      for (const id of row.ids) if (!present.has(id)) this.index.remove(id);
    }
    this.watermark = BigInt(row.horizon);
    this.caughtUpAt = this.now();
    await this.prune(this.watermark);
  }

  private async prune(seen: bigint): Promise<void> {
    const now = this.now();
    const last = this.marks.at(-1);
    if (!last || now - last.at >= IDLE_CATCH_UP_MS) this.marks.push({ at: now, horizon: seen });
    const oldest = this.marks[0];
    if (oldest && now - oldest.at >= KEEP_LOG_MS) {
      this.marks.shift();
      await pruneChangesBelow(this.db, oldest.horizon);
    }
  }
}
