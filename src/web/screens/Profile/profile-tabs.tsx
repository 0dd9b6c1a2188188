// The content tabs of /{handle} (spec-1 §2): the person's posts, newest first, with Load More.
import { Tabs } from "radix-ui";
import { PostList } from "../../components/post-list";
import { useUserPostsQuery } from "../../state/queries/posts";

const tabClass =
  "-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-neutral-600 hover:text-neutral-900 data-[state=active]:border-sky-600 data-[state=active]:text-neutral-900 dark:text-neutral-400 dark:hover:text-white dark:data-[state=active]:border-sky-400 dark:data-[state=active]:text-white";

export function ProfileTabs({ userId }: { userId: string }) {
  const posts = useUserPostsQuery(userId);
  return (
    <Tabs.Root defaultValue="posts">
      <Tabs.List
        aria-label="Profile content"
        className="mb-4 flex gap-2 border-b border-neutral-200 dark:border-neutral-800"
      >
        <Tabs.Trigger value="posts" className={tabClass}>
          Posts
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="posts">
        <PostList
          query={posts}
          empty={
            <p className="rounded-3xl border border-dashed border-neutral-300 px-5 py-10 text-center text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
              No posts yet
            </p>
          }
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
