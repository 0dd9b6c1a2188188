// Reposts (docs/feed.md "Reposts and quotes"), optimistic as likes are (post-likes.ts): each post's
// repost state is one cache entry, repostKeys.post(id) = {reposted, repostsCount}, made from the
// post the first time a card shows it and written by presses, so every card of the post agrees.
// PUT reposts and DELETE takes back, so a press sent twice changes nothing more; a refusal says why
// in a toast.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PostView, repostResponse } from "../../../domain/contracts/posts";
import { apiRequest, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";

export type RepostState = z.infer<typeof repostResponse>;

export const repostKeys = {
  all: ["reposts"] as const,
  post: (postId: string) => [...repostKeys.all, "post", postId] as const,
};

const fromPost = (post: PostView): RepostState => ({
  reposted: post.repostedByMe ?? false,
  repostsCount: Math.max(0, post.repostsCount ?? 0),
});

/** The state after one press; a count never drops below 0. */
export function toggledRepost(state: RepostState): RepostState {
  return {
    reposted: !state.reposted,
    repostsCount: Math.max(0, state.repostsCount + (state.reposted ? -1 : 1)),
  };
}

/** Ours at /api/posts/{id}/repost; a post from elsewhere's through federation, which announces
 * it to its author's server too (docs/federation.md "Reposts going out"). */
const repostPath = (post: PostView) =>
  post.remote
    ? `/api/federation/notes/${encodeURIComponent(post.id)}/repost`
    : `/api/posts/${encodeURIComponent(post.id)}/repost`;

/** What every card of the post shows. */
export function usePostRepostState(post: PostView): RepostState {
  const queryClient = useQueryClient();
  const key = repostKeys.post(post.id);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => queryClient.getQueryData<RepostState>(key) ?? fromPost(post),
    initialData: () => fromPost(post),
    // Written by presses only; a post shown again after the entry went is read from it anew.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** Optimistic repost or take-back, reverted when the server refuses; presses on one post run one
 * after another, and only the last one's answer is written. */
export function useRepostMutation(post: PostView) {
  const queryClient = useQueryClient();
  const key = repostKeys.post(post.id);
  const othersPending = () => queryClient.isMutating({ mutationKey: key }) > 1;
  return useMutation({
    mutationKey: key,
    scope: { id: `repost-post-${post.id}` },
    mutationFn: (repostedNow: boolean) =>
      apiRequest<typeof repostResponse>(repostPath(post), {
        method: repostedNow ? "DELETE" : "PUT",
      }),
    onMutate: () => {
      const previous = queryClient.getQueryData<RepostState>(key) ?? fromPost(post);
      queryClient.setQueryData<RepostState>(key, toggledRepost(previous));
      return { previous };
    },
    onError: (error, repostedNow, context) => {
      console.error("Repost failed", error);
      toast.error(
        errorMessage(error, repostedNow ? "Could not undo the repost." : "Could not repost."),
      );
      queryClient.setQueryData<RepostState>(key, (current) =>
        othersPending() ? current && toggledRepost(current) : context?.previous,
      );
    },
    onSuccess: (answer) => {
      if (!othersPending()) queryClient.setQueryData<RepostState>(key, answer);
    },
  });
}
