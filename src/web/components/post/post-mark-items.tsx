// The post menu's Bookmark / Remove bookmark for any signed-in reader, and Pin to profile / Unpin
// from profile for its author (docs/feed.md "Bookmarks", "Pinned posts"). Which one shows is asked
// of the server as the menu opens; a post from elsewhere has neither.
import { Bookmark, BookmarkMinus, Pin, PinOff } from "lucide-react";
import type { PostView } from "../../../domain/contracts/posts";
import {
  useBookmarkMutation,
  usePinMutation,
  usePostMarksQuery,
} from "../../state/queries/post-marks";
import { useSessionUser } from "../../state/queries/session";
import { OptionsMenuItem } from "../menu/options-menu-item";

const ICON = { "aria-hidden": true, size: 16 } as const;

export function PostMarkItems({
  post,
  menuOpen,
  isAuthor,
}: {
  post: PostView;
  menuOpen: boolean;
  isAuthor: boolean;
}) {
  const { user } = useSessionUser();
  const shown = Boolean(user) && !post.remote;
  const marks = usePostMarksQuery(post.id, shown && menuOpen);
  const bookmark = useBookmarkMutation(post.id);
  const pin = usePinMutation(post.id, post.author.userId);
  // Drawn once the marks are known (or could not be read: then as if unmarked).
  if (!shown || (!marks.data && !marks.isError)) return null;
  const { bookmarked, pinned } = marks.data ?? { bookmarked: false, pinned: false };
  return (
    <>
      <OptionsMenuItem
        icon={bookmarked ? <BookmarkMinus {...ICON} /> : <Bookmark {...ICON} />}
        onSelect={() => bookmark.mutate(!bookmarked)}
      >
        {bookmarked ? "Remove bookmark" : "Bookmark"}
      </OptionsMenuItem>
      {isAuthor ? (
        <OptionsMenuItem
          icon={pinned ? <PinOff {...ICON} /> : <Pin {...ICON} />}
          onSelect={() => pin.mutate(!pinned)}
        >
          {pinned ? "Unpin from profile" : "Pin to profile"}
        </OptionsMenuItem>
      ) : null}
    </>
  );
}
