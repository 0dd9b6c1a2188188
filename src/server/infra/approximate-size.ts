// About how many bytes of V8 heap a value holds, so in-memory caches are bounded by memory rather
// than by a count of entries whose sizes differ a hundredfold (a post with its author against a
// session's user id). An estimate, not a measurement: it follows V8's layouts on 64-bit (pointer
// compression off: 8-byte slots) closely enough that a budget holds within a small factor;
// docs/performance.md "Caches sized by memory" compares it with the heap.

const SLOT = 8;
const OBJECT_HEADER = 24;
const STRING_HEADER = 16;
const HEAP_NUMBER = 16;
const DATE = 32;
/** A Map's or Set's entry in its hash table (key, value, chain link) on average. */
const TABLE_ENTRY = 3 * SLOT + 8;

export function approximateBytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      return STRING_HEADER + value.length;
    case "number":
      return Number.isInteger(value) ? 0 : HEAP_NUMBER;
    case "bigint":
      return HEAP_NUMBER;
    case "object":
      return value === null ? 0 : objectBytes(value);
    default:
      return 0;
  }
}

function objectBytes(value: object): number {
  if (value instanceof Date) return DATE;
  if (Array.isArray(value)) {
    let bytes = OBJECT_HEADER + value.length * SLOT;
    for (const item of value) bytes += approximateBytes(item);
    return bytes;
  }
  if (value instanceof Set) {
    let bytes = OBJECT_HEADER * 2 + value.size * TABLE_ENTRY;
    for (const item of value) bytes += approximateBytes(item);
    return bytes;
  }
  if (value instanceof Map) {
    let bytes = OBJECT_HEADER * 2 + value.size * TABLE_ENTRY;
    for (const [key, item] of value) bytes += approximateBytes(key) + approximateBytes(item);
    return bytes;
  }
  let bytes = OBJECT_HEADER;
  for (const key in value) {
    bytes += SLOT + approximateBytes((value as Record<string, unknown>)[key]);
  }
  return bytes;
}
