// The posts tab of a person elsewhere (docs/federation.md "Posts from elsewhere"): what reached us
// of theirs, newest first, shown and paged as a profile's (screens/Profile/profile-tabs.tsx).
import { USER_POSTS_SHOWN } from "../../../domain/limits";
import { OneTab } from "../../components/controls/one-tab";
import { PostList } from "../../components/post/post-list";
import { useSite } from "../../lib/site-config";
import { useRemotePostsQuery } from "../../state/queries/posts";

export function RemotePosts({ id }: { id: string }) {
  const posts = useRemotePostsQuery(id);
  const { siteName } = useSite();
  return (
    <OneTab listLabel="Profile content" label="Posts">
      <PostList
        query={posts}
        step={USER_POSTS_SHOWN}
        empty={
          <div className="rounded-3xl border border-dashed border-neutral-300 px-5 py-10 text-center text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
            <p>No posts yet</p>
            <p className="mt-1 text-sm">
              Their public posts show here once someone on {siteName} follows them.
            </p>
          </div>
        }
      />
    </OneTab>
  );
}
