// The PostgreSQL search engine (docs/search.md "Search engines"): each page and its count are
// one query each against the profiles table and its search indexes (sql-search-queries.ts), so an
// instance holds nothing per profile and starts at once. A distance search first learns where
// each place is placed (place-watch.ts) and hands the places within reach, with their bands, to
// the query.

import { DISTANCE_BUCKETS } from "../../../../domain/distance-buckets";
import type { Db } from "../../../db/client";
import type { SearchEngine } from "../engine";
import { BadDistanceCursor } from "../index/index-distance";
import type { IndexPage, IndexQuery } from "../index/types";
import { PlaceWatch } from "./place-watch";
import { searchPage } from "./sql-search-queries";

/** By distance the cursor's key is `band|name` (index/index-distance.ts reads it alike). */
function distanceCursor(key: string): { band: number; key: string } {
  const split = key.indexOf("|");
  const band = split > 0 ? Number(key.slice(0, split)) : Number.NaN;
  if (!Number.isInteger(band) || band < 0 || band >= DISTANCE_BUCKETS.length) {
    throw new BadDistanceCursor();
  }
  return { band, key: key.slice(split + 1) };
}

export class PostgresSearch implements SearchEngine {
  private readonly places: PlaceWatch;

  constructor(
    private readonly db: Db,
    options: { onError?: (error: unknown) => void } = {},
  ) {
    this.places = new PlaceWatch(db, options);
  }

  async start(): Promise<void> {
    this.places.start();
  }

  close(): void {
    this.places.close();
  }

  /** Nothing to load: every answer is read from PostgreSQL when asked. */
  caughtUp(): boolean {
    return true;
  }

  stats(): { profiles: number; msSinceCaughtUp: number | null } {
    return { profiles: 0, msSinceCaughtUp: this.places.msSinceRead() };
  }

  async page(query: IndexQuery): Promise<IndexPage> {
    const byDistance = query.sort === "distance" && query.place !== null;
    let after = null;
    if (query.after) {
      if (byDistance) {
        const { band, key } = distanceCursor(query.after.key);
        after = { band, cursor: { key, id: query.after.id } };
      } else {
        after = { band: null, cursor: query.after };
      }
    }
    const places = query.place
      ? await this.places.bands(query.place, query.filters.withinMiles ?? null, query.areas)
      : null;
    return searchPage(this.db, {
      filters: query.filters,
      places,
      sort: query.sort,
      viewerId: query.viewer.id,
      friends: [...query.viewer.friends],
      excluded: [...query.excluded],
      after,
      take: query.take,
      countUpTo: query.countUpTo,
    });
  }
}
