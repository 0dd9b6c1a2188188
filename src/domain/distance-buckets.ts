// What a search tells about how far someone is (docs/search.md "Distance"): one of five bands,
// never a number, so that answers from many places cannot be combined into a position finer than
// the bands allow.

/** The bands, nearest first; each ends below the next one's start. */
export const DISTANCE_BUCKETS = ["under-10", "10-25", "25-50", "50-100", "100-plus"] as const;
export type DistanceBucket = (typeof DISTANCE_BUCKETS)[number];

/** Where each band but the last ends, in miles: a band holds distances below its end. */
const BUCKET_ENDS = [10, 25, 50, 100] as const;

/** The band's position in DISTANCE_BUCKETS (the distance order sorts by it). */
export function bucketIndexOf(miles: number): number {
  const at = BUCKET_ENDS.findIndex((end) => miles < end);
  return at < 0 ? BUCKET_ENDS.length : at;
}

/** What a result card says. */
export const BUCKET_LABELS: Record<DistanceBucket, string> = {
  "under-10": "Under 10 mi away",
  "10-25": "10–25 mi away",
  "25-50": "25–50 mi away",
  "50-100": "50–100 mi away",
  "100-plus": "100+ mi away",
};
