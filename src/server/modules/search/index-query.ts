// One page of the advanced search from the profile index (docs/search.md "Profile index"): the
// filter object becomes one accepted-code mask per attribute and the text query; then the page
// and the capped count come from whichever costs less — walking the chosen order until the page
// (and the count) is full, or checking only the posting lists of the rarest filter and picking the
// first matches by their position in the order. By distance, places are walked nearest first.
import { attributeBit } from "../../../domain/audiences";
import { sexualitiesMatching } from "../../../domain/enums/personal";
import type { SearchFilters, SearchSort } from "../../../domain/search-filters";
import { milesBetween, type Point } from "../cities/distance";
import type { CodedColumn } from "./coded-column";
import { byDistance, milesFromPlace, parsePlace } from "./index-distance";
import {
  AUDIENCE_OF,
  type NumberAttribute,
  type ProfileIndex,
  placeKey,
  TEXT_SEPARATOR,
  type TextAttribute,
  trigramCode,
} from "./profile-index";
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
  miles: number | null;
}

export interface IndexPage {
  hits: IndexHit[];
  /** Matches counted, at most `countUpTo`; null when not asked. */
  count: number | null;
}

interface AttributeFilter {
  column: CodedColumn<string> | CodedColumn<number>;
  mask: Uint8Array;
  codes: number[];
  /** The attribute's bit in the index's audience masks. */
  bit: number;
}

interface Candidates {
  lists: SlotList[];
  size: number;
}

/** Cost of checking one candidate from a posting list, against one step of a walk. */
const CANDIDATE_COST = 2;

export function searchIndex(index: ProfileIndex, query: IndexQuery): IndexPage {
  const { filters, place } = query;
  const attributes = attributeFilters(index, filters, place);
  const text = filters.q?.trim().toLowerCase() || null;
  const matches = matcher(index, attributes, text, query.excluded, query.viewer);
  const candidates = [
    ...attributes.map(
      (f): Candidates => ({
        lists: f.codes.map((code) => f.column.lists[code] as SlotList),
        size: f.codes.reduce((sum, code) => sum + (f.column.lists[code] as SlotList).size, 0),
      }),
    ),
    ...textCandidates(index, text),
  ];
  const plan = { matches, candidates };
  if (query.sort === "distance" && place) {
    const hits = byDistance(index, plan, place, filters.withinMiles ?? null, query);
    const count =
      query.countUpTo === null
        ? null
        : ordered(index, plan, "name", null, 0, query.countUpTo).count;
    return { hits, count };
  }
  const order = query.sort === "newest" ? "newest" : "name";
  const page = ordered(index, plan, order, query.after, query.take, query.countUpTo);
  return {
    hits: page.slots.map((slot) => ({
      userId: index.ids[slot] as string,
      key:
        order === "newest"
          ? new Date(index.created[slot] as number).toISOString()
          : (index.nameKeys[slot] as string),
      miles: place ? milesFromPlace(index, slot, place) : null,
    })),
    count: page.count,
  };
}

export interface Plan {
  matches: (slot: number) => boolean;
  candidates: Candidates[];
}

/** The equality, list, range, "contains" and place filters, each as the codes it accepts. */
function attributeFilters(
  index: ProfileIndex,
  filters: SearchFilters,
  place: Point | null,
): AttributeFilter[] {
  const found: AttributeFilter[] = [];
  const on = <V extends string | number>(
    column: CodedColumn<V>,
    attribute: TextAttribute | NumberAttribute,
    key: string,
    accept: (value: V) => boolean,
  ) =>
    found.push({
      column,
      bit: attributeBit(AUDIENCE_OF[attribute]),
      ...column.accepting(key, accept),
    } as AttributeFilter);
  const { text, numbers } = index;
  const equal = (attribute: TextAttribute, value: string | undefined) => {
    if (value !== undefined) on(text[attribute], attribute, `=${value}`, (v) => v === value);
  };
  const oneOf = (attribute: TextAttribute, values: readonly string[] | undefined) => {
    if (values === undefined) return;
    on(text[attribute], attribute, `in${values.join("\n")}`, (v) => values.includes(v));
  };
  const contains = (attribute: TextAttribute, value: string | undefined) => {
    const part = value?.toLowerCase();
    if (part === undefined) return;
    on(text[attribute], attribute, `~${part}`, (v) => v.toLowerCase().includes(part));
  };
  const between = (attribute: NumberAttribute, low?: number, high?: number) => {
    if (low === undefined && high === undefined) return;
    const from = low ?? Number.NEGATIVE_INFINITY;
    const to = high ?? Number.POSITIVE_INFINITY;
    on(numbers[attribute], attribute, `${from}..${to}`, (v) => v >= from && v <= to);
  };
  equal("country", filters.country);
  equal("state", filters.state);
  equal("county", filters.county);
  equal("gender", filters.gender);
  equal("relationshipStatus", filters.relationshipStatus);
  equal("bodyTypes", filters.bodyType);
  equal("militaryBranch", filters.militaryBranch);
  equal("hbcu", filters.hbcu);
  equal("occupation", filters.occupation);
  equal("networth", filters.networth);
  equal("salary", filters.salary);
  equal("greek", filters.greek);
  equal("religion", filters.religion);
  equal("education", filters.education);
  // spec-2 §3: the search list's 'Bi-sexual' finds the profiles' 'Bisexual'.
  oneOf(
    "sexuality",
    filters.sexuality === undefined ? undefined : [...sexualitiesMatching(filters.sexuality)],
  );
  oneOf("zodiac", filters.zodiac);
  oneOf("race", filters.race);
  between("age", filters.ageMin, filters.ageMax);
  between("heightInches", filters.heightMin, filters.heightMax);
  between("kidsCount", filters.kidsMin, filters.kidsMax);
  contains("militaryBase", filters.militaryBase);
  contains("university", filters.university);
  // Distance reads the city: matched only where the viewer may see the city.
  if (place && filters.withinMiles !== undefined) {
    const miles = filters.withinMiles;
    on(index.places, "city", `${placeKey(place.lat, place.lng)}<${miles}`, (key) => {
      return milesBetween(place, parsePlace(key)) <= miles;
    });
  } else if (place) {
    on(index.places, "city", "*", () => true);
  } else {
    contains("city", filters.city);
  }
  return found;
}

const slotsOf = (index: ProfileIndex, ids: Iterable<string>): Set<number> => {
  const slots = new Set<number>();
  for (const id of ids) {
    const slot = index.slotFor(id);
    if (slot !== undefined) slots.add(slot);
  }
  return slots;
};

/** Who may be found, and every filter: one check per slot (docs/search.md "Who can be found").
 * An attribute filter needs the attribute's audience to reach the viewer: Everyone, or Friends
 * when the two are friends; the viewer's own attributes always. The audiences are checked after
 * the values, so only people who match are looked up among the friends, by id in the set of theirs
 * (a few hundred lookups in the index's map of every id cost more than most searches). */
function matcher(
  index: ProfileIndex,
  filters: AttributeFilter[],
  text: string | null,
  excluded: ReadonlySet<string>,
  viewer: IndexQuery["viewer"],
): (slot: number) => boolean {
  const { suspended, texts, everyone, friends, ids } = index;
  const blocked = slotsOf(index, excluded);
  const self = index.slotFor(viewer.id) ?? -1;
  const count = filters.length;
  const needed = filters.reduce((bits, f) => (bits | f.bit) >>> 0, 0);
  const needle = text !== null && !text.includes(TEXT_SEPARATOR) ? text : null;
  if (text !== null && needle === null) return () => false;
  return (slot) => {
    // The viewer never finds themselves (docs/search.md "Who can be found").
    if (slot === self || suspended[slot] === 1 || (blocked.size > 0 && blocked.has(slot))) {
      return false;
    }
    for (let i = 0; i < count; i++) {
      const f = filters[i] as AttributeFilter;
      if (f.mask[f.column.codeAt(slot)] !== 1) return false;
    }
    if (
      needed !== 0 &&
      ((everyone[slot] as number) & needed) >>> 0 !== needed &&
      !(
        ((friends[slot] as number) & needed) >>> 0 === needed &&
        viewer.friends.has(ids[slot] as string)
      )
    ) {
      return false;
    }
    return needle === null || (texts[slot] as string).includes(needle);
  };
}

/** The text query's candidates: the shortest posting list of its trigrams (none under three
 * letters, which walk the order instead). */
function textCandidates(index: ProfileIndex, text: string | null): Candidates[] {
  if (text === null || text.length < 3) return [];
  let shortest: SlotList | undefined;
  for (let i = 0; i + 3 <= text.length; i++) {
    const list = index.trigrams.get(trigramCode(text, i));
    if (!list) return [{ lists: [], size: 0 }];
    if (!shortest || list.size < shortest.size) shortest = list;
  }
  return shortest ? [{ lists: [shortest], size: shortest.size }] : [];
}

/** The first `take` matches after `after` in the order, and the count, whichever way is cheaper. */
function ordered(
  index: ProfileIndex,
  plan: Plan,
  order: "name" | "newest",
  after: IndexCursor | null,
  take: number,
  countUpTo: number | null,
): { slots: number[]; count: number | null } {
  const list = order === "name" ? index.byName : index.byNewest;
  const start = after ? index.positionAfter(order, after) : 0;
  const total = index.size;
  const rarest = plan.candidates.reduce<Candidates | null>(
    (best, c) => (best === null || c.size < best.size ? c : best),
    null,
  );
  // Expected matches if filters were independent: how far a walk must go to find what it needs.
  const density = plan.candidates.reduce((d, c) => d * (c.size / Math.max(1, total)), 1);
  const wanted = countUpTo ?? take;
  const walkCost = Math.min(total - start, wanted / Math.max(density, 1 / Math.max(1, total)));
  if (rarest === null || walkCost <= rarest.size * CANDIDATE_COST) {
    return walk(list, plan.matches, start, take, countUpTo);
  }
  const found: number[] = [];
  for (const candidates of rarest.lists) {
    const slots = candidates.view();
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number;
      if (plan.matches(slot)) found.push(slot);
    }
  }
  const ranks = index.ranks()[order];
  const positions = smallest(
    found.map((slot) => ranks[slot] as number).filter((rank) => rank >= start),
    take,
  );
  return {
    slots: positions.map((rank) => list.at(rank)),
    count: countUpTo === null ? null : Math.min(found.length, countUpTo),
  };
}

function walk(
  list: SlotList,
  matches: (slot: number) => boolean,
  start: number,
  take: number,
  countUpTo: number | null,
): { slots: number[]; count: number | null } {
  const slots: number[] = [];
  const items = list.view();
  let count = 0;
  const enough = countUpTo ?? take;
  for (let i = start; i < items.length; i++) {
    const slot = items[i] as number;
    if (!matches(slot)) continue;
    if (slots.length < take) slots.push(slot);
    count++;
    if (slots.length >= take && count >= enough) break;
  }
  return { slots, count: countUpTo === null ? null : Math.min(count, countUpTo) };
}

/** The `k` smallest numbers, ascending. */
function smallest(values: number[], k: number): number[] {
  if (k === 0) return [];
  if (values.length <= k * 8) return values.sort((a, b) => a - b).slice(0, k);
  const kept = values.slice(0, k).sort((a, b) => a - b);
  for (let i = k; i < values.length; i++) {
    const v = values[i] as number;
    if (v >= (kept[k - 1] as number)) continue;
    let at = k - 1;
    while (at > 0 && (kept[at - 1] as number) > v) {
      kept[at] = kept[at - 1] as number;
      at--;
    }
    kept[at] = v;
  }
  return kept;
}
