// Where the PostgreSQL engine measures each place from (docs/search.md "Distance", "Search
// engines"): the same coarsening as the memory engine (index/index-placement.ts), from how many
// people each place has that a stranger's distance search finds, counted again by PostgreSQL at
// the first distance search after the search_changes log names any change. Held per place, never
// per person, so it does not grow with the profiles. The log is read, and pruned, as the memory
// engine's feed does (index/index-feed.ts), so a search sees every change committed before it.
import { bucketIndexOf } from "../../../../domain/distance-buckets";
import type { Db } from "../../../db/client";
import type { CityAreas } from "../../cities/city-areas";
import { milesBetween, type Point } from "../../cities/distance";
import { changedSince, pruneChangesBelow } from "../index/index-feed-queries";
import { coarsen, PlaceTable } from "../index/index-placement";
import { placeKey } from "../index/profile-index";
import { type PlaceBands, placeCounts } from "./sql-search-queries";

const IDLE_READ_MS = 30_000;
/** Log rows are pruned once every instance has had this long to read them (index-feed.ts). */
const KEEP_LOG_MS = 10 * 60_000;

interface Placed {
  table: PlaceTable;
  /** Each place's coordinates as stored, in the table's order. */
  stored: Point[];
  /** Where each is measured from. */
  points: Point[];
}

export class PlaceWatch {
  private watermark = 0n;
  private dirty = true;
  private readAt: number | null = null;
  private placed: Placed | null = null;
  private readonly known = new Map<string, number>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly marks: { at: number; horizon: bigint }[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: { now?: () => number; onError?: (error: unknown) => void } = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Reads (and prunes) the log on a timer until `close`, so it stays short when nobody
   * searches by distance. */
  start(): void {
    this.timer = setInterval(() => {
      this.readLog().catch((error: unknown) => this.options.onError?.(error));
    }, IDLE_READ_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  msSinceRead(): number | null {
    return this.readAt === null ? null : this.now() - this.readAt;
  }

  /** Every place within `miles` of `origin` (every place when null) as placed now, with its band. */
  async bands(origin: Point, miles: number | null, areas: CityAreas): Promise<PlaceBands> {
    await this.current(areas);
    const placed = this.placed as Placed;
    const found: PlaceBands = { lats: [], lngs: [], bands: [] };
    placed.points.forEach((point, i) => {
      const distance = milesBetween(origin, point);
      if (miles !== null && distance > miles) return;
      const stored = placed.stored[i] as Point;
      found.lats.push(stored.lat);
      found.lngs.push(stored.lng);
      found.bands.push(bucketIndexOf(distance));
    });
    return found;
  }

  /** The placement with every change committed before this call; one read shared by the
   * searches that arrive while it runs. */
  private async current(areas: CityAreas): Promise<void> {
    if (this.queued) {
      await this.queued;
    } else if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.refresh(areas);
        });
      await this.queued;
    } else {
      await this.refresh(areas);
    }
  }

  private refresh(areas: CityAreas): Promise<void> {
    this.running = this.recount(areas).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async recount(areas: CityAreas): Promise<void> {
    await this.readLog();
    if (!this.dirty && this.placed?.table.areas === areas) return;
    this.dirty = false;
    const rows = await placeCounts(this.db);
    let placed = this.placed;
    if (placed?.table.areas !== areas) {
      placed = { table: new PlaceTable(areas), stored: [], points: [] };
      this.known.clear();
    }
    const searchable: number[] = new Array(placed.stored.length).fill(0);
    for (const row of rows) {
      const key = placeKey(row.lat, row.lng);
      let at = this.known.get(key);
      if (at === undefined) {
        at = placed.stored.length;
        this.known.set(key, at);
        placed.stored.push({ lat: row.lat, lng: row.lng });
        placed.table.add({ lat: row.lat, lng: row.lng });
      }
      searchable[at] = row.searchable;
    }
    placed.points = coarsen(placed.table, searchable);
    this.placed = placed;
  }

  /** The log past the watermark: any change there means the counts are read again. */
  private async readLog(): Promise<void> {
    const row = await changedSince(this.db, this.watermark);
    if (!row) return;
    if (row.ids.length > 0) this.dirty = true;
    this.watermark = BigInt(row.horizon);
    const now = this.now();
    this.readAt = now;
    const last = this.marks.at(-1);
    if (!last || now - last.at >= IDLE_READ_MS)
      this.marks.push({ at: now, horizon: this.watermark });
    const oldest = this.marks[0];
    if (oldest && now - oldest.at >= KEEP_LOG_MS) {
      this.marks.shift();
      await pruneChangesBelow(this.db, oldest.horizon);
    }
  }
}
