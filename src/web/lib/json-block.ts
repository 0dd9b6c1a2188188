// The JSON data blocks the server puts in every page (domain/page-blocks.ts). They are built from
// the same contracts as the API's answers and read as they are, with a check of the fields the app
// relies on first: zod stays out of the first script (docs/performance.md "Initial JavaScript").

/** Whether this document is what the server answered for this visit. Back and Forward may bring
 * a page back from the browser's cache, `no-cache` or not: its blocks then tell of an earlier
 * moment (signed out before a sign-in, say), and the app asks the API instead. */
export function servedForThisVisit(perf: Pick<Performance, "getEntriesByType"> = performance) {
  const [navigation] = perf.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.type !== "back_forward";
}

/** The block's JSON, or undefined when the page has none or it is not JSON. */
export function readJsonBlock(id: string, doc: Document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each named field is a non-empty string. */
export function hasStrings(value: JsonObject, ...names: string[]): boolean {
  return names.every((name) => typeof value[name] === "string" && value[name] !== "");
}
