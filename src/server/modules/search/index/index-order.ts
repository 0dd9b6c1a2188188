// One page of the profile index in name or newest order, and the capped count (docs/search.md
// "Profile index"): whichever costs less of walking the order until the page (and the count) is
// full, or checking only the posting lists of the rarest filter and picking the first matches by
// their position in the order (ranked-scan.ts).
import type { ProfileIndex } from "./profile-index";
import { RankedScan } from "./ranked-scan";
import type { SlotList } from "./slot-list";
import type { Candidates, IndexCursor, Plan } from "./types";

/** Cost of checking one candidate from a posting list, against one step of a walk. */
const CANDIDATE_COST = 2;
/** Cost of reading one candidate's position in the order: a read at a random place, as a step. */
const RANK_COST = 1;
/** Cost of one step of a walk down an order. */
const WALK_COST = 1;

/** The first `take` matches after `after` in the order, and the count, whichever way is cheaper:
 * a walk down the order, or the rarest filter's posting lists (ranked-scan.ts). From the lists,
 * the count comes first; if it stops at its cap with candidates left, the page comes from a walk
 * when that is expected to be shorter than reading the rest, bounded by the last position the
 * count's matches already put on the page. */
export function ordered(
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
