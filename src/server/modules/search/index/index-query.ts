// One page of the advanced search from the profile index (docs/search.md "Profile index"): the
// filter object becomes one accepted-code mask per attribute and the text query
// (index-filters.ts); then the page and the capped count come from whichever costs less — walking
// the chosen order until the page (and the count) is full, or checking only the posting lists of
// the rarest filter and picking the first matches by their position in the order (index-order.ts).
// By distance, the bands nearest first (index-distance.ts); a distance is only ever a band, measured
// to each place where it is placed (index-placement.ts).
import { bandOf, byDistance } from "./index-distance";
import { attributeFilters, matcher, textCandidates, whoMayBeFound } from "./index-filters";
import { ordered } from "./index-order";
import { placementOf } from "./index-placement";
import { newestKey, type ProfileIndex } from "./profile-index";
import type { SlotList } from "./slot-list";
import type { Candidates, IndexPage, IndexQuery } from "./types";

export function searchIndex(index: ProfileIndex, query: IndexQuery): IndexPage {
  const { filters, place } = query;
  const placement = place ? placementOf(index, query.areas) : null;
  const attributes = attributeFilters(index, filters, place, placement);
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
  if (query.sort === "distance" && place && placement) {
    const hits = byDistance(index, plan, placement, place, filters.withinMiles ?? null, query);
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
          ? newestKey(index.created[slot] as number)
          : (index.nameKeys[slot] as string),
      band: place && placement ? bandOf(index, placement, slot, place) : null,
    })),
    count: page.count,
  };
}
