// The content tabs of /{handle} (spec-1 §2): the person's pinned posts first (pinned-posts.tsx),
// then their posts, newest first, 8 at a time with Load More (spec-1 §9).
import { USER_POSTS_SHOWN } from "../../../domain/limits";
import { OneTab } from "../../components/controls/one-tab";
import { PostList } from "../../components/post/post-list";
import { useUserPostsQuery } from "../../state/queries/posts";
import { PinnedPosts } from "./pinned-posts";

export function ProfileTabs({ userId }: { userId: string }) {
  const posts = useUserPostsQuery(userId);
  return (
    <OneTab listLabel="Profile content" label="Posts">
      <PinnedPosts userId={userId} />
      <PostList
        query={posts}
        step={USER_POSTS_SHOWN}
        empty={
          <p className="rounded-3xl border border-dashed border-neutral-300 px-5 py-10 text-center text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
            No posts yet
          </p>
        }
      />
    </OneTab>
  );
}
