// The advanced search's in-memory profile index (docs/search.md "Profile index"): for every
// profile only what search matches and orders on, in columns by slot. Each attribute is a
// CodedColumn with posting lists; the name and newest orders are slot lists kept sorted; the text
// query reads trigram posting lists over the name and handles. PostgreSQL stays the source of
// truth: index-feed.ts loads this and keeps it current; pages are read from the
// database by id.
import { type AttributeKey, audienceMasks, audiencesOf } from "../../../../domain/audiences";
import {
  type NumberColumn,
  SEARCH_FIELDS,
  type TextColumn,
} from "../../../../domain/search-fields";
import { CodedColumn } from "./coded-column";
import { SlotList } from "./slot-list";
import { TEXT_SEPARATOR, trigramsOf } from "./trigrams";

/** Attributes matched as text: equality, lists and "contains" (spec-2 §7), one column each of the
 * search fields' table (domain/search-fields.ts). */
export type TextAttribute = TextColumn;
export const TEXT_ATTRIBUTES: readonly TextAttribute[] = SEARCH_FIELDS.flatMap((field) =>
  "column" in field && field.kind !== "range" ? [field.column] : [],
);

/** Attributes matched by range (spec-2 §7, §9). */
export type NumberAttribute = NumberColumn;
export const NUMBER_ATTRIBUTES: readonly NumberAttribute[] = SEARCH_FIELDS.flatMap((field) =>
  field.kind === "range" ? [field.column] : [],
);

/** The profile attribute whose audience governs each indexed column (domain/audiences.ts). */
export const AUDIENCE_OF = Object.fromEntries(
  SEARCH_FIELDS.flatMap((field) =>
    "column" in field ? [[field.column, field.attribute] as const] : [],
  ),
) as Record<TextAttribute | NumberAttribute, AttributeKey>;

export type IndexedProfile = {
  userId: string;
  fullName: string;
  username: string | null;
  defaultUsername: string;
  /** When the profile was created, in microseconds since the epoch (exact: PostgreSQL keeps
   * microseconds, and a page may end between two people made in one millisecond). */
  createdUs: number;
  suspended: boolean;
  cityLat: number | null;
  cityLng: number | null;
  /** The stored audiences (profiles.attribute_audiences) and 'Show me in demographic search'. */
  audiences: unknown;
  demographicSearch: boolean;
} & Record<TextAttribute, string | null> &
  Record<NumberAttribute, number | null>;

/** A slot's place: its city's coordinates as one key. */
export const placeKey = (lat: number, lng: number) => `${lat},${lng}`;

export class ProfileIndex {
  private capacity: number;
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  readonly ids: string[] = [];
  /** lower(full name): the name order's key (spec-2 §7 "sorted by full_name"). */
  readonly nameKeys: string[] = [];
  /** Full name, username and default username, lower-cased, for the text query. */
  readonly texts: string[] = [];
  created: Float64Array;
  suspended: Uint8Array;
  /** Per slot, the attributes matched for everyone and for friends, one bit each in
   * AUDIENCE_ATTRIBUTES order (docs/search.md "Who can be found"). */
  everyone: Uint32Array;
  friends: Uint32Array;
  readonly text = {} as Record<TextAttribute, CodedColumn<string>>;
  readonly numbers = {} as Record<NumberAttribute, CodedColumn<number>>;
  readonly places: CodedColumn<string>;
  readonly trigrams = new Map<number, SlotList>();
  readonly byName = new SlotList(1024);
  readonly byNewest = new SlotList(1024);
  /** Counts every change, so what is worked out from the profiles (where each place is placed:
   * index-placement.ts) knows when to work it out again. */
  changes = 0;
  private nameRanks = new Int32Array(0);
  private newestRanks = new Int32Array(0);
  private ranksFresh = false;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.created = new Float64Array(capacity);
    this.suspended = new Uint8Array(capacity);
    this.everyone = new Uint32Array(capacity);
    this.friends = new Uint32Array(capacity);
    for (const key of TEXT_ATTRIBUTES) this.text[key] = new CodedColumn(capacity);
    for (const key of NUMBER_ATTRIBUTES) this.numbers[key] = new CodedColumn(capacity);
    this.places = new CodedColumn(capacity);
  }

  get size(): number {
    return this.slotOf.size;
  }

  slotFor(userId: string): number | undefined {
    return this.slotOf.get(userId);
  }

  /** Name order: lower(full name), then user id, so the order is total. */
  readonly compareName = (a: number, b: number): number => {
    const ka = this.nameKeys[a] as string;
    const kb = this.nameKeys[b] as string;
    if (ka !== kb) return ka < kb ? -1 : 1;
    return compareText(this.ids[a] as string, this.ids[b] as string);
  };

  /** Newest first: creation time, then user id, both descending. */
  readonly compareNewest = (a: number, b: number): number =>
    (this.created[b] as number) - (this.created[a] as number) ||
    compareText(this.ids[b] as string, this.ids[a] as string);

  /** A profile not held yet, with the orders left unsorted: a bulk load calls `reorder` after. */
  append(profile: IndexedProfile): void {
    const slot = this.allocate(profile.userId);
    this.fill(slot, profile);
    this.byName.insertAt(this.byName.size, slot);
    this.byNewest.insertAt(this.byNewest.size, slot);
    this.ranksFresh = false;
    this.changes++;
  }

  reorder(): void {
    this.byName.sort(this.compareName);
    this.byNewest.sort(this.compareNewest);
    this.ranksFresh = false;
  }

  /** A new or changed profile, every list kept in order. */
  upsert(profile: IndexedProfile): void {
    const held = this.slotOf.get(profile.userId);
    const slot = held ?? this.allocate(profile.userId);
    if (held !== undefined) this.unlink(held);
    this.fill(slot, profile);
    this.byName.insertAt(
      this.byName.position((s) => this.compareName(s, slot) < 0),
      slot,
    );
    this.byNewest.insertAt(
      this.byNewest.position((s) => this.compareNewest(s, slot) < 0),
      slot,
    );
    this.ranksFresh = false;
    this.changes++;
  }

  remove(userId: string): void {
    const slot = this.slotOf.get(userId);
    if (slot === undefined) return;
    this.unlink(slot);
    for (const key of TEXT_ATTRIBUTES) this.text[key].set(slot, null);
    for (const key of NUMBER_ATTRIBUTES) this.numbers[key].set(slot, null);
    this.places.set(slot, null);
    this.everyone[slot] = 0;
    this.friends[slot] = 0;
    this.slotOf.delete(userId);
    this.free.push(slot);
    this.ranksFresh = false;
    this.changes++;
  }

  /** Each slot's position in the name and newest orders (recomputed after changes, when asked). */
  ranks(): { name: Int32Array; newest: Int32Array } {
    if (!this.ranksFresh) {
      if (this.nameRanks.length < this.capacity) {
        this.nameRanks = new Int32Array(this.capacity);
        this.newestRanks = new Int32Array(this.capacity);
      }
      const name = this.byName.view();
      for (let i = 0; i < name.length; i++) this.nameRanks[name[i] as number] = i;
      const newest = this.byNewest.view();
      for (let i = 0; i < newest.length; i++) this.newestRanks[newest[i] as number] = i;
      this.ranksFresh = true;
    }
    return { name: this.nameRanks, newest: this.newestRanks };
  }

  /** The position in an order just after the cursor's person, as they were when it was made: by
   * name the cursor's key is the lower-cased name, by newest the time the profile was made. */
  positionAfter(order: "name" | "newest", after: { key: string; id: string }): number {
    if (order === "newest") {
      const time = microsOfKey(after.key);
      return this.byNewest.position((s) => {
        const t = this.created[s] as number;
        return t > time || (t === time && compareText(this.ids[s] as string, after.id) >= 0);
      });
    }
    return this.byName.position((s) => {
      const key = this.nameKeys[s] as string;
      return (
        key < after.key || (key === after.key && compareText(this.ids[s] as string, after.id) <= 0)
      );
    });
  }

  private allocate(userId: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot === this.capacity) this.grow(this.capacity * 2);
      this.ids.push(userId);
      this.nameKeys.push("");
      this.texts.push("");
    }
    this.ids[slot] = userId;
    this.slotOf.set(userId, slot);
    return slot;
  }

  private grow(capacity: number): void {
    const created = new Float64Array(capacity);
    created.set(this.created);
    this.created = created;
    const suspended = new Uint8Array(capacity);
    suspended.set(this.suspended);
    this.suspended = suspended;
    const everyone = new Uint32Array(capacity);
    everyone.set(this.everyone);
    this.everyone = everyone;
    const friends = new Uint32Array(capacity);
    friends.set(this.friends);
    this.friends = friends;
    for (const key of TEXT_ATTRIBUTES) this.text[key].grow(capacity);
    for (const key of NUMBER_ATTRIBUTES) this.numbers[key].grow(capacity);
    this.places.grow(capacity);
    this.capacity = capacity;
  }

  private fill(slot: number, p: IndexedProfile): void {
    this.nameKeys[slot] = p.fullName.toLowerCase();
    const text = `${this.nameKeys[slot]}${TEXT_SEPARATOR}${(p.username ?? "").toLowerCase()}${TEXT_SEPARATOR}${p.defaultUsername.toLowerCase()}`;
    this.texts[slot] = text;
    for (const code of trigramsOf(text)) {
      let list = this.trigrams.get(code);
      if (!list) {
        list = new SlotList();
        this.trigrams.set(code, list);
      }
      list.add(slot);
    }
    this.created[slot] = p.createdUs;
    this.suspended[slot] = p.suspended ? 1 : 0;
    const masks = audienceMasks(audiencesOf(p.audiences), p, p.demographicSearch);
    this.everyone[slot] = masks.everyone;
    this.friends[slot] = masks.friends;
    for (const key of TEXT_ATTRIBUTES) this.text[key].set(slot, p[key]);
    for (const key of NUMBER_ATTRIBUTES) this.numbers[key].set(slot, p[key]);
    this.places.set(
      slot,
      p.cityLat === null || p.cityLng === null ? null : placeKey(p.cityLat, p.cityLng),
    );
  }

  /** Out of the orders and the trigram lists, before its keys change or it goes. */
  private unlink(slot: number): void {
    const name = this.byName.position((s) => this.compareName(s, slot) < 0);
    if (this.byName.at(name) === slot) this.byName.removeAt(name);
    const newest = this.byNewest.position((s) => this.compareNewest(s, slot) < 0);
    if (this.byNewest.at(newest) === slot) this.byNewest.removeAt(newest);
    for (const code of trigramsOf(this.texts[slot] as string)) {
      const list = this.trigrams.get(code);
      list?.delete(slot);
      if (list?.size === 0) this.trigrams.delete(code);
    }
  }
}

/** The newest order's cursor key: the time a profile was made, to the microsecond, as ISO 8601
 * (`2026-11-30T20:02:26.123456Z`, as the PostgreSQL engine writes it: sql-search-queries.ts). */
export function newestKey(us: number): string {
  const micros = String(((us % 1e6) + 1e6) % 1e6).padStart(6, "0");
  return new Date(Math.floor(us / 1000)).toISOString().replace(/\.\d{3}Z$/, `.${micros}Z`);
}

/** The time a newest key names, in microseconds: its fraction read to the microsecond. */
export function microsOfKey(key: string): number {
  const seconds = Math.floor(Date.parse(key) / 1000);
  const fraction = /\.(\d+)Z$/.exec(key)?.[1] ?? "";
  return seconds * 1e6 + Number(fraction.slice(0, 6).padEnd(6, "0"));
}

/** Code-unit order, the same on every machine (no locale). */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
