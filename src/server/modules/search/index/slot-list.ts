// A growable list of slot numbers kept in one Int32Array (docs/search.md "Profile index"): posting
// lists sorted by slot, and the result orders sorted by a comparator. Inserting or removing moves
// the tail with one copyWithin, a few microseconds even at a million entries.

export class SlotList {
  private items: Int32Array;
  size = 0;

  constructor(capacity = 4) {
    this.items = new Int32Array(capacity);
  }

  at(i: number): number {
    return this.items[i] as number;
  }

  /** The backing array, valid from 0 to `size` until the next change: a hot loop over many short
   * lists reads it without making a view of each. */
  raw(): Int32Array {
    return this.items;
  }

  /** The slots in list order (a view: valid until the next change). */
  view(): Int32Array {
    return this.items.subarray(0, this.size);
  }

  /** The first position whose slot is not `before` (binary search; the list must be ordered so
   * that every slot `before` comes first). */
  position(before: (slot: number) => boolean): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.items[mid] as number)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insertAt(i: number, slot: number): void {
    if (this.size === this.items.length) {
      const grown = new Int32Array(Math.max(4, this.items.length * 2));
      grown.set(this.items);
      this.items = grown;
    }
    this.items.copyWithin(i + 1, i, this.size);
    this.items[i] = slot;
    this.size++;
  }

  removeAt(i: number): void {
    this.items.copyWithin(i, i + 1, this.size);
    this.size--;
  }

  /** Posting lists: add `slot` in slot order (appending is the fast path of a first load). */
  add(slot: number): void {
    const last = this.size > 0 ? (this.items[this.size - 1] as number) : -1;
    this.insertAt(slot > last ? this.size : this.position((s) => s < slot), slot);
  }

  /** Posting lists: remove `slot` if present. */
  delete(slot: number): void {
    const i = this.position((s) => s < slot);
    if (i < this.size && this.items[i] === slot) this.removeAt(i);
  }

  /** Orders: put the slots in comparator order (once, after a bulk load). */
  sort(compare: (a: number, b: number) => number): void {
    this.view().sort(compare);
  }
}
