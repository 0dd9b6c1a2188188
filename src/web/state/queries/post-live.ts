// Live posts (spec-1 §4 "A new post by a followed user arrives by realtime and is prepended
// unless deleted"). post.created lands in a small buffer; the feed takes it at once when the
// reader is at the top of the page, else offers a 'New posts' button (screens/Home/live-feed.tsx).
// Edits and deletions change the buffer like any other list (posts.ts updatePost).
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PostView, postResponse } from "../../../domain/contracts/posts";
import { api } from "../../lib/api";
import { seedPostLikes } from "./post-likes";
import { feedPostIds, type PostPages, postKeys, prependToFeed } from "./posts";

const newestFirst = (a: PostView, b: PostView) => b.createdAt.localeCompare(a.createdAt);

/** A post.created message: the server leaves the viewer flags false, the reader's own posts get
 * isAuthor here. A post the feed already holds (one's own, just sent) is ignored. A quote's card
 * depends on the reader, so the message only says there is one: the post is read for this reader
 * first (docs/feed.md "Reposts and quotes"). */
export function receivePost(queryClient: QueryClient, post: PostView, viewerId: string | null) {
  if (post.quote) {
    api
      .get<typeof postResponse>(`/api/posts/${encodeURIComponent(post.id)}`)
      .then((read) => keepIncoming(queryClient, read.post, viewerId))
      .catch((error) => console.error("Reading a new quote failed", error));
    return;
  }
  keepIncoming(queryClient, post, viewerId);
}

function keepIncoming(queryClient: QueryClient, post: PostView, viewerId: string | null) {
  const filled: PostView = {
    ...post,
    isAuthor: viewerId !== null && post.author.userId === viewerId,
  };
  seedPostLikes(queryClient, [filled], 0);
  if (feedPostIds(queryClient.getQueryData<PostPages>(postKeys.feed())).has(post.id)) return;
  queryClient.setQueryData<PostView[]>(postKeys.incoming(), (items = []) =>
    items.some((p) => p.id === post.id) ? items : [filled, ...items].sort(newestFirst),
  );
}

/** Live posts the feed does not show yet, newest first. */
export function useIncomingPosts(feed: PostPages | undefined): PostView[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: postKeys.incoming(),
    queryFn: () => queryClient.getQueryData<PostView[]>(postKeys.incoming()) ?? [],
    initialData: [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const shown = feedPostIds(feed);
  return data.filter((post) => !shown.has(post.id));
}

/** Moves the buffered posts to the top of the feed. */
export function takeIncomingPosts(queryClient: QueryClient): void {
  const items = queryClient.getQueryData<PostView[]>(postKeys.incoming()) ?? [];
  queryClient.setQueryData<PostView[]>(postKeys.incoming(), []);
  prependToFeed(queryClient, items);
}
