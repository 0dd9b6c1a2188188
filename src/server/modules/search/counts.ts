// 'Found N user(s)' (spec-2 §2; docs/search.md "Count"). A count reads at most SEARCH_COUNT_CAP + 1
// rows, and is shared: the same filters asked again within COUNT_TTL_MS, by anyone (the next
// viewer, Back, a reload), read it from memory, and one database count serves requests that ask
// at once. The shared count leaves blocks out; each viewer's blocks are taken off on the way out.
// A count may so lag the profiles by up to COUNT_TTL_MS; the page itself is always read fresh.
import { SEARCH_COUNT_CAP, type SearchFilters } from "../../../domain/search-filters";
import type { Db } from "../../db/client";
import { KeyedCache } from "../../infra/keyed-cache";
import { countBlockedMatches, countMatches } from "./advanced";
import type { Place } from "./filters";

export const COUNT_TTL_MS = 30_000;
const MAX_COUNTS = 5_000;

export interface SearchTotal {
  count: number;
  capped: boolean;
}

/** The filters that decide who matches, in one canonical text (order of lists ignored). */
function countKey(filters: SearchFilters): string {
  const { sort: _sort, ...matching } = filters;
  return JSON.stringify(
    Object.entries(matching)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

export class SearchCounts {
  private readonly held: KeyedCache<string, number>;
  private readonly loading = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Db,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.held = new KeyedCache({
      ttlMs: options.ttlMs ?? COUNT_TTL_MS,
      maxEntries: MAX_COUNTS,
      now: options.now,
    });
  }

  async count(input: {
    filters: SearchFilters;
    place: Place | null;
    viewerId: string;
  }): Promise<SearchTotal> {
    const key = countKey(input.filters);
    let matched = this.held.get(key) ?? (await this.load(key, input));
    // Past the cap the answer is '1,000+' whoever asks; below it, the viewer's blocks come off.
    if (matched <= SEARCH_COUNT_CAP) matched -= await countBlockedMatches(this.db, input);
    return matched > SEARCH_COUNT_CAP
      ? { count: SEARCH_COUNT_CAP, capped: true }
      : { count: matched, capped: false };
  }

  private load(key: string, input: { filters: SearchFilters; place: Place | null }) {
    const running = this.loading.get(key);
    if (running) return running;
    const fill = this.held.begin();
    const loaded = countMatches(this.db, input)
      .then((matched) => {
        fill.set(key, matched);
        return matched;
      })
      .finally(() => {
        fill.end();
        this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }
}
