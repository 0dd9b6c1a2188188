// The home feed with live arrivals (spec-1 §4 "a new post by a followed user arrives by realtime
// and is prepended"). At the top of the page a new post slides straight in; further down the
// list stays put and a 'New posts' button offers them, then scrolls up. An empty feed offers
// people to follow (docs/feed.md "People to follow").
import { useQueryClient } from "@tanstack/react-query";
import { ArrowUp, Newspaper } from "lucide-react";
import { useLayoutEffect } from "react";
import { PostList } from "../../components/post/post-list";
import { useMutedWordsForLive } from "../../state/queries/muted-words";
import { takeIncomingPosts, useIncomingPosts } from "../../state/queries/post-live";
import { useFeedQuery } from "../../state/queries/posts";
import { PeopleToFollow } from "./people-to-follow";

/** Within this many pixels of the top, the reader sees the top of the feed. */
const AT_TOP_PX = 120;
const atTop = () => window.scrollY <= AT_TOP_PX;

function scrollToTop() {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
}

/** `held`: the list waits, showing nothing, until what sits above it is known. */
export function LiveFeed({ held = false }: { held?: boolean }) {
  const queryClient = useQueryClient();
  const feed = useFeedQuery();
  // A post arriving live is collapsed by the reader's muted words too (docs/safety.md).
  useMutedWordsForLive(true);
  const waiting = useIncomingPosts(feed.data).length;
  const loaded = feed.data !== undefined;

  // Before paint, so a reader at the top never sees the button flash.
  useLayoutEffect(() => {
    if (waiting > 0 && loaded && atTop()) takeIncomingPosts(queryClient);
  }, [waiting, loaded, queryClient]);

  return (
    <section aria-label="Feed" className="mt-6">
      {waiting > 0 && loaded ? (
        <button
          type="button"
          onClick={() => {
            takeIncomingPosts(queryClient);
            scrollToTop();
          }}
          className="fixed top-18 left-1/2 z-30 inline-flex min-h-10 -translate-x-1/2 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold text-on-primary shadow-lg hover:bg-primary-hover"
        >
          <ArrowUp aria-hidden="true" size={16} />
          New posts
        </button>
      ) : null}
      <PostList
        query={feed}
        held={held}
        empty={
          <div className="flex flex-col gap-6">
            <div className="flex flex-col items-center gap-2 pt-12 text-center">
              <Newspaper aria-hidden="true" size={40} className="text-neutral-400" />
              <p className="text-lg font-semibold">No posts yet</p>
              <p className="text-sm text-neutral-500 dark:text-neutral-400">
                Posts from you and the people you follow will show up here.
              </p>
            </div>
            <PeopleToFollow />
          </div>
        }
      />
    </section>
  );
}
