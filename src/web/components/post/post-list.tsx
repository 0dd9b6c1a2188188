// A paged list of posts (spec-1 §2 feed, §4 "loading, loaded, empty, has-more"): 'Loading
// posts...', 'Failed to load posts' with Retry, the empty state, the cards, and 'Load More'.
// With a `step`, it shows that many posts at a time from the pages fetched, and Load More shows
// the next ones, fetching a page only when those run out (spec-1 §9 "fetch 40, show 8").

import { memo, type ReactNode, useDeferredValue, useState } from "react";
import type { useFeedQuery } from "../../state/queries/posts";
import { LoadMore } from "../controls/load-more";
import { LoadError } from "../feedback/load-error";
import { PostCard } from "./post-card";

type PostPagesQuery = ReturnType<typeof useFeedQuery>;
type PostPages = NonNullable<PostPagesQuery["data"]>;

/** The cards of the first `shown` posts. Memoized on the deferred pages, so the urgent render
 * before the deferred one does not draw them again. */
const PostCards = memo(function PostCards({ pages, shown }: { pages: PostPages; shown: number }) {
  const posts = pages.pages.flatMap((page) => page.items).slice(0, shown);
  return (
    <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-950 [&>article:last-child]:border-b-0">
      {posts.map((post, index) => (
        // A boost is its own item, beside its post's.
        <PostCard
          key={post.remote?.boostedBy?.id ?? post.repostedBy?.id ?? post.id}
          post={post}
          lead={index === 0}
        />
      ))}
    </div>
  );
});

export function PostList({
  query,
  empty,
  step,
  held,
}: {
  query: PostPagesQuery;
  empty: ReactNode;
  /** How many posts each Load More shows; every fetched post when not given. */
  step?: number;
  /** Nothing yet, not even 'Loading posts...', while what goes above the list is unknown: what
   * shows first is then not pushed down when that arrives (docs/performance.md "Lighthouse"). */
  held?: boolean;
}) {
  const [shown, setShown] = useState(step ?? Number.POSITIVE_INFINITY);
  // The cards render in slices, after what the answer changes elsewhere (docs/performance.md
  // "Lighthouse"); until then the list stays as it was.
  const data = useDeferredValue(query.data);
  if (held) return null;
  if (!data && (query.isPending || query.data)) {
    return (
      <p role="status" className="py-16 text-center text-neutral-500 dark:text-neutral-400">
        Loading posts...
      </p>
    );
  }
  if (!data) {
    return (
      <LoadError
        message="Failed to load posts"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-16"
      />
    );
  }
  const fetched = data.pages.flatMap((page) => page.items);
  if (fetched.length === 0) return <>{empty}</>;
  const more = {
    hasNextPage: fetched.length > shown || query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => {
      const next = shown + (step ?? 0);
      if (next > fetched.length && query.hasNextPage) void query.fetchNextPage();
      setShown(next);
    },
  };
  return (
    <div>
      <PostCards pages={data} shown={shown} />
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-center text-sm text-red-600 dark:text-red-400">
          Failed to load posts
        </p>
      ) : null}
      <LoadMore list={step ? more : query} label="Load More" className="mt-4" />
    </div>
  );
}
