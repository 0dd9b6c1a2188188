// The profile index's side of a search's filters (docs/search.md "Profile index", "Who can be
// found"): the filter object as one accepted-code mask per attribute, rarest first; the text
// query's candidates from its trigrams; and the one check per person, `matcher`, that every way
// of reading the order applies.
import { attributeBit } from "../../../../domain/audiences";
import { sexualitiesMatching } from "../../../../domain/enums/personal";
import { type FilterKey, SEARCH_FIELDS } from "../../../../domain/search-fields";
import type { SearchFilters } from "../../../../domain/search-filters";
import { milesBetween, type Point } from "../../cities/distance";
import type { CodedColumn } from "./coded-column";
import type { Placement } from "./index-placement";
import {
  AUDIENCE_OF,
  type NumberAttribute,
  type ProfileIndex,
  placeKey,
  type TextAttribute,
} from "./profile-index";
import type { SlotList } from "./slot-list";
import { TEXT_SEPARATOR, trigramCode } from "./trigrams";
import type { Candidates, IndexQuery } from "./types";

interface AttributeFilter {
  column: CodedColumn<string> | CodedColumn<number>;
  mask: Uint8Array;
  codes: number[];
  /** The attribute's bit in the index's audience masks. */
  bit: number;
  /** People holding an accepted value. */
  size: number;
}

/** The fields matched on an indexed column, read once from the table (domain/search-fields.ts). */
const MATCHED_FIELDS = SEARCH_FIELDS.flatMap((field) => ("column" in field ? [field] : []));

/** The equality, list, range, "contains" and place filters, each as the codes it accepts. A radius
 * measures each place where it is placed (index-placement.ts). */
export function attributeFilters(
  index: ProfileIndex,
  filters: SearchFilters,
  place: Point | null,
  placement: Placement | null,
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
        if (place && placement && filters.withinMiles !== undefined) {
          const miles = filters.withinMiles;
          const key = `${placeKey(place.lat, place.lng)}<${miles}@${placement.generation}`;
          on(index.places, "city", key, (value) => {
            const point = placement.points[index.places.codeOf(value) ?? 0];
            return point !== undefined && milesBetween(place, point) <= miles;
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

export function whoMayBeFound(
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
export function matcher(
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
export function textCandidates(
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
