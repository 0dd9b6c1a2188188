// The page out of posting lists (docs/search.md "Profile index"): among candidate slots, the
// matches with the lowest positions in an order, and a capped count. Counting checks candidates
// one by one (a position is read only for a match) and can stop at the cap; what is left then is
// either finished here — a position read for each candidate and a check only where it would still
// enter the page — or left to a walk down the order, whichever the caller finds cheaper.
import type { SlotList } from "./slot-list";

export class RankedScan {
  /** Positions in the order, ascending: at most `take`, each at or after `start`. */
  readonly kept: number[] = [];
  count = 0;
  /** Candidates passed so far. */
  scanned = 0;
  private list = 0;
  private item = 0;

  constructor(
    private readonly lists: readonly SlotList[],
    private readonly ranks: Int32Array,
    private readonly matches: (slot: number) => boolean,
    private readonly start: number,
    private readonly take: number,
  ) {}

  /** Checks candidates until `limit` matches are counted; true when the lists ran out first. */
  countTo(limit: number): boolean {
    for (; this.list < this.lists.length; this.list++, this.item = 0) {
      const list = this.lists[this.list] as SlotList;
      const slots = list.raw();
      for (; this.item < list.size; this.item++) {
        if (this.count >= limit) return false;
        const slot = slots[this.item] as number;
        this.scanned++;
        if (!this.matches(slot)) continue;
        this.count++;
        this.offer(this.ranks[slot] as number);
      }
    }
    return true;
  }

  /** The rest of the candidates, for the page only. */
  finish(): void {
    for (; this.list < this.lists.length; this.list++, this.item = 0) {
      const list = this.lists[this.list] as SlotList;
      const slots = list.raw();
      for (; this.item < list.size; this.item++) {
        const slot = slots[this.item] as number;
        const rank = this.ranks[slot] as number;
        if (this.entering(rank) && this.matches(slot)) this.offer(rank);
      }
    }
  }

  /** Whether a match at `rank` would be on the page as kept so far. */
  private entering(rank: number): boolean {
    const { kept } = this;
    return (
      rank >= this.start && (kept.length < this.take || rank < (kept[kept.length - 1] as number))
    );
  }

  private offer(rank: number): void {
    if (!this.entering(rank)) return;
    const { kept } = this;
    let at = kept.length;
    while (at > 0 && (kept[at - 1] as number) > rank) at--;
    kept.splice(at, 0, rank);
    if (kept.length > this.take) kept.pop();
  }
}
