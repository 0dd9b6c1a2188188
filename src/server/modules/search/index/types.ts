// What the index's query and its distance order share (index-query.ts asks index-distance.ts for
// the distance order, which answers in these shapes): their own file, so neither imports the other.
import type { SearchSort } from "../../../../domain/search-fields";
import type { SearchFilters } from "../../../../domain/search-filters";
import type { CityAreas } from "../../cities/city-areas";
import type { Point } from "../../cities/distance";
import type { SlotList } from "./slot-list";

/** Where the previous page ended: the order's key for the last person, and their user id. */
export interface IndexCursor {
  key: string;
  id: string;
}

export interface IndexQuery {
  filters: SearchFilters;
  /** The chosen city's coordinates, for a radius or the distance order. */
  place: Point | null;
  /** The counties and states places are coarsened to (index-placement.ts). */
  areas: CityAreas;
  sort: SearchSort;
  /** People in a block with the viewer, either way (docs/safety.md). */
  excluded: ReadonlySet<string>;
  /** Who searches, and their friends: an attribute filter matches a person only where the viewer
   * may see that attribute (docs/search.md "Who can be found"). */
  viewer: { id: string; friends: ReadonlySet<string> };
  after: IndexCursor | null;
  /** People wanted: a page and one more, to know whether another page follows. */
  take: number;
  /** Count matches up to this many (the first page's 'Found N'), or null for no count. */
  countUpTo: number | null;
}

export interface IndexHit {
  userId: string;
  /** The order's key for this person, for the next page's cursor. */
  key: string;
  /** The distance band from the chosen city (domain/distance-buckets.ts), when searching around
   * one and the person has a city; never miles. */
  band: number | null;
}

export interface IndexPage {
  hits: IndexHit[];
  /** Matches counted, at most `countUpTo`; null when not asked. */
  count: number | null;
}

/** A filter's posting lists, and the check of a candidate from them (every other filter). */
export interface Candidates {
  lists: SlotList[];
  size: number;
  /** From the text query's trigrams: names cluster in name order, so no walk is estimated. */
  byText: boolean;
  check: (slot: number) => boolean;
}

export interface Plan {
  matches: (slot: number) => boolean;
  candidates: Candidates[];
}
