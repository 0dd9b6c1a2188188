// How the in-memory caches share CACHE_MEMORY_MB (docs/performance.md "Caches sized by memory").
// The shares follow what an active reader costs in each (measured by bench/feed-latency.ts):
// the posts on their pages with their authors first, then the relation sets the advanced search
// reads, then the pages themselves; sessions, single likes, the reposts shown and the muted words
// are small.
export const CACHE_SHARES = {
  sessions: 0.04,
  feedPages: 0.16,
  posts: 0.34,
  repostViews: 0.04,
  postLikes: 0.08,
  friends: 0.22,
  blocked: 0.1,
  mutedWords: 0.02,
} as const;

export const DEFAULT_CACHE_MB = 512;

export type CacheBudgets = Record<keyof typeof CACHE_SHARES, number>;

/** Each cache's bound in bytes out of `totalMb`. */
export function cacheBudgets(totalMb = DEFAULT_CACHE_MB): CacheBudgets {
  const bytes = totalMb * 1024 * 1024;
  return Object.fromEntries(
    Object.entries(CACHE_SHARES).map(([name, share]) => [name, Math.floor(bytes * share)]),
  ) as CacheBudgets;
}
