// Post likes (spec-1 §4 "Like: toggles per user; displayed counts update optimistically").
// STYLE: optimistic counts live in one place. Each post's like state is one cache entry,
// likeKeys.post(id) = {liked, likesCount}, seeded from every fetched post and read by every post
// card, so a like in the feed shows on the post page and the profile tab without touching lists.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { likeResponse, PostView } from "../../../domain/contracts/posts";
import { api, apiRequest } from "../../lib/api";
import { sendOnce } from "../once-key";

/** What the like toggle answers, and what each post's like entry holds. */
export type LikeState = z.infer<typeof likeResponse>;

export const likeKeys = {
  all: ["likes"] as const,
  post: (postId: string) => [...likeKeys.all, "post", postId] as const,
  /** A mutation key only: comment likes live in the comment list (comments.ts). */
  comment: (commentId: string) => [...likeKeys.all, "comment", commentId] as const,
};

/** The state after one press; a count never drops below 0. */
export function toggledLike(state: LikeState): LikeState {
  return {
    liked: !state.liked,
    likesCount: Math.max(0, state.likesCount + (state.liked ? -1 : 1)),
  };
}

const fromPost = (post: PostView): LikeState => ({
  liked: post.likedByMe,
  likesCount: Math.max(0, post.likesCount),
});

/** Takes the like state of fetched posts, unless a press on that post is on its way or the entry
 * was written after the fetch began (the fetch then carries older news). 0 seeds only new posts. */
export function seedPostLikes(
  queryClient: QueryClient,
  posts: PostView[],
  fetchStartedAt: number,
): void {
  for (const post of posts) {
    const key = likeKeys.post(post.id);
    if (queryClient.isMutating({ mutationKey: key }) > 0) continue;
    const state = queryClient.getQueryState(key);
    if (state?.data && state.dataUpdatedAt > fetchStartedAt) continue;
    queryClient.setQueryData<LikeState>(key, fromPost(post));
  }
}

/** A like count as committed, from realtime (someone's like, or the reader's own in another tab,
 * which also says `liked`): on the post's one entry, so every card of it shows it. Not while a
 * press of the reader's on this post is on its way (its answer is newer), nor for a post this tab
 * has not shown. */
export function receiveLikeCount(
  queryClient: QueryClient,
  postId: string,
  update: { likesCount: number; liked?: boolean },
): void {
  const key = likeKeys.post(postId);
  if (queryClient.isMutating({ mutationKey: key }) > 0) return;
  queryClient.setQueryData<LikeState>(
    key,
    (current) =>
      current && {
        liked: update.liked ?? current.liked,
        likesCount: Math.max(0, update.likesCount),
      },
  );
}

/** What every post card shows: the post's one like entry (made from the post if missing). */
export function usePostLikeState(post: PostView): LikeState {
  const queryClient = useQueryClient();
  const key = likeKeys.post(post.id);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => queryClient.getQueryData<LikeState>(key) ?? fromPost(post),
    initialData: () => fromPost(post),
    // Written by seeding and presses only; never fetched, never dropped while a list may show it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** The press's request: a post here toggles; a post from elsewhere is liked or unliked by name,
 * the server then telling its author's server (docs/federation.md "Posts from elsewhere"). */
function sendLike(post: PostView, likedNow: boolean): Promise<LikeState> {
  const id = encodeURIComponent(post.id);
  if (!post.remote) {
    const path = `/api/posts/${id}/like`;
    return sendOnce(path, {}, (headers) => api.post<typeof likeResponse>(path, {}, headers));
  }
  return apiRequest<typeof likeResponse>(`/api/federation/notes/${id}/like`, {
    method: likedNow ? "DELETE" : "POST",
  });
}

/** Optimistic toggle, reverted when the server refuses. Presses on one post run one after another
 * (scope); only the last one's answer is written, so quick presses do not flicker. Each press is
 * sent with the state it saw (`likedNow`), which the previous press has already toggled. */
export function useLikePostMutation(post: PostView) {
  const queryClient = useQueryClient();
  const postId = post.id;
  const key = likeKeys.post(postId);
  const othersPending = () => queryClient.isMutating({ mutationKey: key }) > 1;
  return useMutation({
    mutationKey: key,
    scope: { id: `like-post-${postId}` },
    mutationFn: (likedNow: boolean) => sendLike(post, likedNow),
    onMutate: () => {
      const previous = queryClient.getQueryData<LikeState>(key) ?? { liked: false, likesCount: 0 };
      queryClient.setQueryData<LikeState>(key, toggledLike(previous));
      return { previous };
    },
    onError: (error, _vars, context) => {
      console.error("Like failed", error);
      // Alone: back to what was shown before. Behind other presses: undo just this one.
      queryClient.setQueryData<LikeState>(key, (current) =>
        othersPending() ? current && toggledLike(current) : context?.previous,
      );
    },
    onSuccess: ({ liked, likesCount }) => {
      if (!othersPending()) {
        queryClient.setQueryData<LikeState>(key, { liked, likesCount: Math.max(0, likesCount) });
      }
    },
  });
}
