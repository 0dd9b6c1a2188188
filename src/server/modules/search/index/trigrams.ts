// The trigrams of the index's text (docs/search.md "Profile index"): each slot's name and handles
// are kept as one text, split by a separator no query can hold, and found through their trigrams.

/** Between the name and handles in a slot's text, so a query never matches across two of them. */
export const TEXT_SEPARATOR = "\u0001";
const SEPARATOR_CODE = 1;

const gathered = new Int32Array(4096);

/** The distinct trigram codes of `text`'s parts, ascending. A code folds each UTF-16 unit to ten
 * bits, so it is a small integer (fast as a Map key); two trigrams may share a code, which only
 * adds candidates: the text query still checks every candidate's text. */
export function trigramsOf(text: string): Int32Array {
  let count = 0;
  for (let i = 0; i + 3 <= text.length && count < gathered.length; i++) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    const c = text.charCodeAt(i + 2);
    if (a === SEPARATOR_CODE || b === SEPARATOR_CODE || c === SEPARATOR_CODE) continue;
    gathered[count++] = ((a & 1023) << 20) | ((b & 1023) << 10) | (c & 1023);
  }
  const sorted = gathered.subarray(0, count).sort();
  let unique = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i] as number;
  }
  return sorted.slice(0, unique);
}

export const trigramCode = (text: string, at: number) =>
  ((text.charCodeAt(at) & 1023) << 20) |
  ((text.charCodeAt(at + 1) & 1023) << 10) |
  (text.charCodeAt(at + 2) & 1023);
