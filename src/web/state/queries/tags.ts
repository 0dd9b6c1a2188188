// Hashtags (docs/feed.md "Hashtags"): a tag's header, its posts (held among the post lists, so an
// edit or a deletion reaches them as it reaches the feed), and following it, which changes the
// home feed.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type { postPage } from "../../../domain/contracts/posts";
import type {
  tagCount,
  tagFollowResponse,
  tagListResponse,
  tagTrendingResponse,
  tagView,
} from "../../../domain/contracts/tags";
import { FEED_PAGE_SIZE } from "../../../domain/limits";
import { api, apiRequest, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { seedPostLikes } from "./post-likes";
import { postKeys } from "./posts";

export type TagView = z.infer<typeof tagView>;
export type TagCount = z.infer<typeof tagCount>;

export const tagKeys = {
  tag: (tag: string) => ["tags", tag] as const,
  suggest: (text: string) => ["tags", "suggest", text] as const,
  trending: () => ["tags", "trending"] as const,
  posts: (tag: string) => [...postKeys.lists(), "tag", tag] as const,
};

const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

export const useTagQuery = (tag: string) =>
  useQuery({
    queryKey: tagKeys.tag(tag),
    queryFn: ({ signal }) => api.get<typeof tagView>(tagPath(tag), signal),
  });

/** The tag's posts the viewer may see, newest first, 20 a page. */
export function useTagPostsQuery(tag: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: tagKeys.posts(tag),
    queryFn: async ({ pageParam, signal }) => {
      const startedAt = Date.now();
      const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      const page = await api.get<typeof postPage>(`${tagPath(tag)}/posts?${params}`, signal);
      seedPostLikes(queryClient, page.items, startedAt);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Follows (`on`) or unfollows the tag; the home feed is read again. */
export function useTagFollowMutation(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest<typeof tagFollowResponse>(`${tagPath(tag)}/follow`, {
        method: on ? "PUT" : "DELETE",
      }),
    onSuccess: ({ following }) => {
      queryClient.setQueryData<TagView>(tagKeys.tag(tag), (view) =>
        view ? { ...view, following } : view,
      );
      void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
    },
    onError: (error) => toast.error(errorMessage(error, "Could not change the follow.")),
  });
}

/** The header search's tags for typed text that starts with `#` (docs/search.md "Header
 * search"): used tags starting with it, most posts first, asked as the people are (debounced). */
export function useTagSuggestions(text: string): TagCount[] {
  const wanted = /^#[^#\s]/.test(text.trim()) ? text.trim() : "";
  const settled = useDebouncedValue(wanted, 200);
  const query = useQuery({
    queryKey: tagKeys.suggest(settled),
    queryFn: ({ signal }) =>
      api.get<typeof tagListResponse>(`/api/tags/suggest?q=${encodeURIComponent(settled)}`, signal),
    enabled: settled !== "",
    retry: false,
    placeholderData: keepPreviousData,
  });
  return settled === "" || wanted === "" || query.isError ? [] : (query.data?.items ?? []);
}

/** The tags used by the most people in the last day (docs/search.md "Trending tags"). */
export const useTrendingTagsQuery = () =>
  useQuery({
    queryKey: tagKeys.trending(),
    queryFn: ({ signal }) => api.get<typeof tagListResponse>("/api/tags/trending", signal),
    staleTime: 60_000,
  });

/** A moderator keeps the tag out of trending (`hidden`) or lets it back. */
export function useTagTrendingMutation(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) =>
      apiRequest<typeof tagTrendingResponse>(`${tagPath(tag)}/trending-hidden`, {
        method: hidden ? "PUT" : "DELETE",
      }),
    onSuccess: ({ hidden }) => {
      queryClient.setQueryData<TagView>(tagKeys.tag(tag), (view) =>
        view ? { ...view, hiddenFromTrending: hidden } : view,
      );
      void queryClient.invalidateQueries({ queryKey: tagKeys.trending() });
      toast.success(hidden ? "Hidden from trending" : "Back in trending");
    },
    onError: (error) => toast.error(errorMessage(error, "Could not change trending.")),
  });
}
