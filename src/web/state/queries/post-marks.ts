// Bookmarks and pinned posts (docs/feed.md "Bookmarks", "Pinned posts"): the viewer's Bookmarks
// pages, each post's marks as its menu shows them (fetched when the menu opens), a person's pinned
// posts, and the writes. The Bookmarks pages and the pinned posts sit among the post lists
// (postKeys.lists()), so an edit or a deletion reaches them as it reaches the feed.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  bookmarkResponse,
  pinnedPostsResponse,
  pinResponse,
  postMarksResponse,
} from "../../../domain/contracts/post-marks";
import type { postPage } from "../../../domain/contracts/posts";
import { BOOKMARKS_PAGE_SIZE } from "../../../domain/limits";
import { api, apiRequest, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { seedPostLikes } from "./post-likes";
import { type PostPages, postKeys } from "./posts";

export type PostMarks = z.infer<typeof postMarksResponse>;

export const markKeys = {
  bookmarks: () => [...postKeys.lists(), "bookmarks"] as const,
  post: (postId: string) => ["post-marks", postId] as const,
  pinned: (userId: string) => [...postKeys.lists(), "pinned", userId] as const,
};

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}`;

/** The viewer's bookmarks, newest bookmark first. Never cached stale: a bookmark made in a menu
 * elsewhere shows the next time the page opens. */
export function useBookmarksQuery() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: markKeys.bookmarks(),
    queryFn: async ({ pageParam, signal }) => {
      const startedAt = Date.now();
      const params = new URLSearchParams({ limit: String(BOOKMARKS_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      const page = await api.get<typeof postPage>(`/api/bookmarks?${params}`, signal);
      seedPostLikes(queryClient, page.items, startedAt);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Whether the viewer bookmarked the post and whether it is pinned, once `enabled`. */
export const usePostMarksQuery = (postId: string, enabled: boolean) =>
  useQuery({
    queryKey: markKeys.post(postId),
    queryFn: ({ signal }) => api.get<typeof postMarksResponse>(`${postPath(postId)}/marks`, signal),
    enabled,
  });

/** A person's pinned posts, newest pin first, as the viewer may see them: held as one page among
 * the post lists, so an edit, a deletion or a block reaches them as it reaches the feed. */
export function usePinnedPostsQuery(userId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: markKeys.pinned(userId),
    queryFn: async ({ signal }): Promise<PostPages> => {
      const startedAt = Date.now();
      const { items } = await api.get<typeof pinnedPostsResponse>(
        `/api/users/${encodeURIComponent(userId)}/pinned-posts`,
        signal,
      );
      seedPostLikes(queryClient, items, startedAt);
      return { pages: [{ items, nextCursor: null }], pageParams: [null] };
    },
    enabled: userId !== "",
  });
}

/** Puts (`on`) or removes the viewer's bookmark; the menu's entry and the Bookmarks page follow. */
export function useBookmarkMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest<typeof bookmarkResponse>(`${postPath(postId)}/bookmark`, {
        method: on ? "PUT" : "DELETE",
      }),
    onSuccess: ({ bookmarked }) => {
      queryClient.setQueryData<PostMarks>(markKeys.post(postId), (marks) =>
        marks ? { ...marks, bookmarked } : marks,
      );
      void queryClient.invalidateQueries({ queryKey: markKeys.bookmarks() });
      toast.success(bookmarked ? "Added to your bookmarks" : "Removed from your bookmarks");
    },
    onError: (error) => toast.error(errorMessage(error, "Could not change the bookmark.")),
  });
}

/** Pins (`on`) or unpins one of the viewer's posts; their profile's pinned posts follow. */
export function usePinMutation(postId: string, authorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest<typeof pinResponse>(`${postPath(postId)}/pin`, { method: on ? "PUT" : "DELETE" }),
    onSuccess: ({ pinned }) => {
      queryClient.setQueryData<PostMarks>(markKeys.post(postId), (marks) =>
        marks ? { ...marks, pinned } : marks,
      );
      void queryClient.invalidateQueries({ queryKey: markKeys.pinned(authorId) });
      toast.success(pinned ? "Pinned to your profile" : "Unpinned from your profile");
    },
    // The limit's 409 says what to do: "You can pin up to 3 posts. Unpin one to pin this post."
    onError: (error) => toast.error(errorMessage(error, "Could not change the pin.")),
  });
}
