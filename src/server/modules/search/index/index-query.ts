// One page of the advanced search from the profile index (docs/search.md "Profile index"): the
// filter object becomes one accepted-code mask per attribute and the text query; then the page
// and the capped count come from whichever costs less — walking the chosen order until the page
// (and the count) is full, or checking only the posting lists of the rarest filter and picking the
// first matches by their position in the order. By distance, places are walked nearest first.
import { attributeBit } from "../../../../domain/audiences";
import { sexualitiesMatching } from "../../../../domain/enums/personal";
import { type FilterKey, SEARCH_FIELDS } from "../../../../domain/search-fields";
import type { SearchFilters } from "../../../../domain/search-filters";
import { milesBetween, type Point } from "../../cities/distance";
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
import { RankedScan } from "./ranked-scan";
import type { SlotList } from "./slot-list";
import type { Candidates, IndexCursor, IndexPage, IndexQuery, Plan } from "./types";

interface AttributeFilter {
  column: CodedColumn<string> | CodedColumn<number>;
  mask: Uint8Array;
  codes: number[];
  /** The attribute's bit in the index's audience masks. */
  bit: number;
  /** People holding an accepted value. */
  size: number;
}

/** Cost of checking one candidate from a posting list, against one step of a walk. */
const CANDIDATE_COST = 2;
/** Cost of reading one candidate's position in the order: a read at a random place, as a step. */
const RANK_COST = 1;
/** Cost of one step of a walk down an order. */
const WALK_COST = 1;

export function searchIndex(index: ProfileIndex, query: IndexQuery): IndexPage {
  const { filters, place } = query;
  const attributes = attributeFilters(index, filters, place);
  const text = filters.q?.trim().toLowerCase() || null;
  const who = whoMayBeFound(index, attributes, query.excluded, query.viewer);
  const candidates: Candidates[] = [
    ...attributes.map((f) => ({
      lists: f.codes.map((code) => f.column.lists[code] as SlotList),
      size: f.size,
      byText: false,
      check: matcher(who, attributes, f, text),
    })),
    ...textCandidates(index, text, matcher(who, attributes, null, text)),
  ];
  const plan = { matches: matcher(who, attributes, null, text), candidates };
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

/** The fields matched on an indexed column, read once from the table (domain/search-fields.ts). */
const MATCHED_FIELDS = SEARCH_FIELDS.flatMap((field) => ("column" in field ? [field] : []));

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
  ) => {
    const { mask, codes } = column.accepting(key, accept);
    const size = codes.reduce((sum, code) => sum + (column.lists[code] as SlotList).size, 0);
    found.push({
      column,
      bit: attributeBit(AUDIENCE_OF[attribute]),
      mask,
      codes,
      size,
    } as AttributeFilter);
  };
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
  const values = filters as Record<FilterKey, unknown>;
  for (const field of MATCHED_FIELDS) {
    switch (field.kind) {
      case "choice":
        // spec-2 §3: the search list's 'Bi-sexual' finds the profiles' 'Bisexual'.
        if (field.key === "sexuality") {
          oneOf(
            field.column,
            filters.sexuality === undefined
              ? undefined
              : [...sexualitiesMatching(filters.sexuality)],
          );
        } else {
          equal(field.column, values[field.key] as string | undefined);
        }
        break;
      case "list":
        oneOf(field.column, values[field.key] as readonly string[] | undefined);
        break;
      case "range":
        between(
          field.column,
          values[field.min] as number | undefined,
          values[field.max] as number | undefined,
        );
        break;
      case "contains":
        contains(field.column, values[field.key] as string | undefined);
        break;
      case "city":
        // Distance reads the city: matched only where the viewer may see the city.
        if (place && filters.withinMiles !== undefined) {
          const miles = filters.withinMiles;
          on(index.places, "city", `${placeKey(place.lat, place.lng)}<${miles}`, (key) => {
            return milesBetween(place, parsePlace(key)) <= miles;
          });
        } else if (place) {
          on(index.places, "city", "*", () => true);
        } else {
          contains(field.column, filters.city);
        }
        break;
    }
  }
  // Rarest first: a check fails on its first filter as often as it can.
  return found.sort((a, b) => a.size - b.size);
}

const slotsOf = (index: ProfileIndex, ids: Iterable<string>): Set<number> => {
  const slots = new Set<number>();
  for (const id of ids) {
    const slot = index.slotFor(id);
    if (slot !== undefined) slots.add(slot);
  }
  return slots;
};

/** What every check of one search shares (docs/search.md "Who can be found"). */
interface Who {
  index: ProfileIndex;
  blocked: Set<number>;
  self: number;
  viewer: IndexQuery["viewer"];
  /** Every attribute filter's audience bit. */
  needed: number;
}

function whoMayBeFound(
  index: ProfileIndex,
  filters: AttributeFilter[],
  excluded: ReadonlySet<string>,
  viewer: IndexQuery["viewer"],
): Who {
  return {
    index,
    blocked: slotsOf(index, excluded),
    self: index.slotFor(viewer.id) ?? -1,
    viewer,
    needed: filters.reduce((bits, f) => (bits | f.bit) >>> 0, 0),
  };
}

/** Who may be found, and every filter but `known` (which a candidate from its lists passes): one
 * check per slot, the rarest filter first, so most checks end on their first read. The viewer is
 * never found. An attribute filter needs the attribute's audience to reach the viewer: Everyone,
 * or Friends when the two are friends. The audiences are checked after the values, so only
 * people who match are looked up among the friends, by id in the set of theirs (a few hundred
 * lookups in the index's map of every id cost more than most searches). */
function matcher(
  who: Who,
  filters: AttributeFilter[],
  known: AttributeFilter | null,
  text: string | null,
): (slot: number) => boolean {
  const { suspended, texts, everyone, friends, ids } = who.index;
  const { blocked, self, viewer, needed } = who;
  const checked = filters.filter((f) => f !== known);
  const count = checked.length;
  const needle = text !== null && !text.includes(TEXT_SEPARATOR) ? text : null;
  if (text !== null && needle === null) return () => false;
  return (slot) => {
    // The viewer never finds themselves (docs/search.md "Who can be found").
    if (slot === self) return false;
    for (let i = 0; i < count; i++) {
      const f = checked[i] as AttributeFilter;
      if (f.mask[f.column.codeAt(slot)] !== 1) return false;
    }
    if (suspended[slot] === 1 || (blocked.size > 0 && blocked.has(slot))) return false;
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
function textCandidates(
  index: ProfileIndex,
  text: string | null,
  check: (slot: number) => boolean,
): Candidates[] {
  if (text === null || text.length < 3) return [];
  let shortest: SlotList | undefined;
  for (let i = 0; i + 3 <= text.length; i++) {
    const list = index.trigrams.get(trigramCode(text, i));
    if (!list) return [{ lists: [], size: 0, byText: true, check }];
    if (!shortest || list.size < shortest.size) shortest = list;
  }
  return shortest ? [{ lists: [shortest], size: shortest.size, byText: true, check }] : [];
}

/** The first `take` matches after `after` in the order, and the count, whichever way is cheaper:
 * a walk down the order, or the rarest filter's posting lists (ranked-scan.ts). From the lists,
 * the count comes first; if it stops at its cap with candidates left, the page comes from a walk
 * when that is expected to be shorter than reading the rest, bounded by the last position the
 * count's matches already put on the page. */
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
  const total = Math.max(1, index.size);
  const rarest = plan.candidates.reduce<Candidates | null>(
    (best, c) => (best === null || c.size < best.size ? c : best),
    null,
  );
  if (rarest === null) return walk(list, plan.matches, start, take, countUpTo, list.size);
  // Expected matches if filters were independent: how far a walk must go to find what it needs,
  // and how many of the rarest list's people must be checked to count.
  const density = Math.max(
    plan.candidates.reduce((d, c) => d * (c.size / total), 1),
    1 / total,
  );
  const pageWalk = rarest.byText ? total - start : Math.min(total - start, take / density);
  const inRarest = Math.min(1, density / Math.max(rarest.size / total, 1 / total));
  const checks = Math.min(rarest.size, (countUpTo ?? 0) / inRarest);
  const fromLists =
    checks * CANDIDATE_COST + Math.min((rarest.size - checks) * RANK_COST, pageWalk * WALK_COST);
  const walkCost = Math.min(total - start, (countUpTo ?? take) / density) * WALK_COST;
  if (walkCost <= fromLists) return walk(list, plan.matches, start, take, countUpTo, list.size);
  const scan = new RankedScan(rarest.lists, index.ranks()[order], rarest.check, start, take);
  const counted = countUpTo === null ? null : () => Math.min(scan.count, countUpTo);
  if (!scan.countTo(countUpTo ?? 0) && take > 0) {
    const bound = scan.kept.length === take ? (scan.kept.at(-1) as number) + 1 : total;
    const steps = Math.min(bound - start, pageWalk);
    if (steps * WALK_COST <= (rarest.size - scan.scanned) * RANK_COST) {
      return {
        slots: walk(list, plan.matches, start, take, null, bound).slots,
        count: counted?.() ?? null,
      };
    }
    scan.finish();
  }
  return { slots: scan.kept.map((rank) => list.at(rank)), count: counted?.() ?? null };
}

/** The first `take` matches from `start` up to `end` in the order, and the count. */
function walk(
  list: SlotList,
  matches: (slot: number) => boolean,
  start: number,
  take: number,
  countUpTo: number | null,
  end: number,
): { slots: number[]; count: number | null } {
  const slots: number[] = [];
  const items = list.raw();
  let count = 0;
  const enough = countUpTo ?? take;
  for (let i = start; i < Math.min(end, list.size); i++) {
    const slot = items[i] as number;
    if (!matches(slot)) continue;
    if (slots.length < take) slots.push(slot);
    count++;
    if (slots.length >= take && count >= enough) break;
  }
  return { slots, count: countUpTo === null ? null : Math.min(count, countUpTo) };
}
