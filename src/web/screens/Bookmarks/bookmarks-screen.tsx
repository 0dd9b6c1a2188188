// /bookmarks (docs/feed.md "Bookmarks"): the posts the reader bookmarked, newest bookmark first, 20
// a page with Load More; a post they may no longer see has left the list. Only they see it.
import { Bookmark } from "lucide-react";
import { pageText } from "../../../domain/page-titles";
import { Page } from "../../components/layout/page";
import { PostList } from "../../components/post/post-list";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useBookmarksQuery } from "../../state/queries/post-marks";

export function BookmarksScreen() {
  usePageMeta(pageText({ kind: "bookmarks" }, useSite().siteName));
  const bookmarks = useBookmarksQuery();
  return (
    <Page>
      <h1 className="mb-1 text-2xl font-bold">Bookmarks</h1>
      <p className="mb-4 text-sm text-neutral-600 sm:mb-6 dark:text-neutral-400">
        Only you can see your bookmarks.
      </p>
      <PostList
        query={bookmarks}
        empty={
          <div className="flex flex-col items-center gap-2 pt-12 text-center">
            <Bookmark aria-hidden="true" size={40} className="text-neutral-400" />
            <p className="text-lg font-semibold">No bookmarks yet</p>
            <p className="text-sm text-neutral-500 dark:text-neutral-400">
              Choose Bookmark in a post's menu to keep it here.
            </p>
          </div>
        }
      />
    </Page>
  );
}
