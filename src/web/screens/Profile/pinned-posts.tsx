// The person's pinned posts at the top of their Posts tab, newest pin first, each under a "Pinned"
// line (docs/feed.md "Pinned posts"). They are in their normal place in the list below as well, so
// while they load, or if they cannot be read, nothing is missing and the list shows alone.
import { PostCard } from "../../components/post/post-card";
import { usePinnedPostsQuery } from "../../state/queries/post-marks";

export function PinnedPosts({ userId }: { userId: string }) {
  const pinned = usePinnedPostsQuery(userId);
  const posts = pinned.data?.pages.flatMap((page) => page.items) ?? [];
  if (posts.length === 0) return null;
  return (
    <section
      aria-label="Pinned posts"
      className="mb-4 overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-950 [&>article:last-child]:border-b-0"
    >
      {posts.map((post) => (
        <PostCard key={post.id} post={post} pinned />
      ))}
    </section>
  );
}
