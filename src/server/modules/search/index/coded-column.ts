// One searchable attribute of the profile index (docs/search.md "Profile index"): each distinct
// value gets a small code, each slot holds its value's code (0 = unset), and each code keeps the
// posting list of the slots that hold it. Every filter on the attribute — equality, a list, a
// range, "contains" — becomes the set of codes it accepts: a per-slot check is one array read, and
// the accepted codes' posting lists are the candidates when this filter is the rarest.
import { SlotList } from "./slot-list";

/** Filters whose accepted codes a column keeps. */
const KEPT_FILTERS = 64;

interface Accepted {
  mask: Uint8Array;
  codes: number[];
  /** How many codes existed when it was worked out. */
  known: number;
}

export class CodedColumn<V extends string | number> {
  private readonly codes = new Map<V, number>();
  /** The value of each code; code 0 is "unset". */
  readonly values: (V | null)[] = [null];
  /** The slots holding each code, in slot order. */
  readonly lists: SlotList[] = [new SlotList(0)];
  private slots: Uint16Array | Uint32Array;
  private readonly accepted = new Map<string, Accepted>();

  constructor(capacity: number) {
    this.slots = new Uint16Array(capacity);
  }

  grow(capacity: number): void {
    const grown = new (this.slots.constructor as Uint16ArrayConstructor)(capacity);
    grown.set(this.slots);
    this.slots = grown;
  }

  codeAt(slot: number): number {
    return this.slots[slot] as number;
  }

  codeOf(value: V): number | undefined {
    return this.codes.get(value);
  }

  set(slot: number, value: V | null): void {
    const code = value === null ? 0 : this.codeFor(value);
    const old = this.slots[slot] as number;
    if (old === code) return;
    if (old !== 0) this.lists[old]?.delete(slot);
    if (code !== 0) this.lists[code]?.add(slot);
    this.slots[slot] = code;
  }

  /** The codes whose value `accept`s, as a mask over codes and as a list. Kept under `key` for
   * the last few filters asked; codes are never reused, so a kept answer only needs the codes
   * added since. */
  accepting(key: string, accept: (value: V) => boolean): { mask: Uint8Array; codes: number[] } {
    const held = this.accepted.get(key);
    const known = this.values.length;
    if (held) this.accepted.delete(key);
    else if (this.accepted.size >= KEPT_FILTERS) {
      this.accepted.delete(this.accepted.keys().next().value as string);
    }
    let answer = held;
    if (!answer || answer.known < known) {
      const mask = new Uint8Array(known);
      const codes = answer ? [...answer.codes] : [];
      if (answer) mask.set(answer.mask);
      for (let code = answer ? answer.known : 1; code < known; code++) {
        if (accept(this.values[code] as V)) {
          mask[code] = 1;
          codes.push(code);
        }
      }
      answer = { mask, codes, known };
    }
    this.accepted.set(key, answer);
    return answer;
  }

  private codeFor(value: V): number {
    const known = this.codes.get(value);
    if (known !== undefined) return known;
    const code = this.values.length;
    if (code > 0xffff && this.slots instanceof Uint16Array) {
      const wider = new Uint32Array(this.slots.length);
      wider.set(this.slots);
      this.slots = wider;
    }
    this.codes.set(value, code);
    this.values.push(value);
    this.lists.push(new SlotList());
    return code;
  }
}
