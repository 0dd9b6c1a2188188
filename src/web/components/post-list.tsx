// A paged list of posts (spec-1 §2 feed, §4 "loading, loaded, empty, has-more"): 'Loading
// posts...', 'Failed to load posts' with Retry, the empty state, the cards, and 'Load More'.

import type { ReactNode } from "react";
import type { useFeedQuery } from "../state/queries/posts";
import { LoadError } from "./load-error";
import { LoadMore } from "./load-more";
import { PostCard } from "./post-card";

type PostPagesQuery = ReturnType<typeof useFeedQuery>;

export function PostList({ query, empty }: { query: PostPagesQuery; empty: ReactNode }) {
  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-neutral-500 dark:text-neutral-400">
        Loading posts...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError
        message="Failed to load posts"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-16"
      />
    );
  }
  const posts = query.data.pages.flatMap((page) => page.items);
  if (posts.length === 0) return <>{empty}</>;
  return (
    <div>
      <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-950 [&>article:last-child]:border-b-0">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-center text-sm text-red-600 dark:text-red-400">
          Failed to load posts
        </p>
      ) : null}
      <LoadMore list={query} label="Load More" className="mt-4" />
    </div>
  );
}
