// Posts (spec-1 §3 posts, §4 feed; spec-2 §2 post page): the feed, a person's posts, one post by
// id or by path, and writing, editing and deleting. A post can sit in several cache entries at
// once (feed pages, profile pages, the post page, the live buffer); the helpers here change it in
// all of them. Likes are not patched here: they live in post-likes.ts, one entry per post.
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import type { okResponse } from "../../../domain/contracts/auth";
import type { PostView, postPage, postResponse } from "../../../domain/contracts/posts";
import { normalizeHandle } from "../../../domain/handles";
import { FEED_PAGE_SIZE, USER_POSTS_FETCH } from "../../../domain/limits";
import type { WhoMay } from "../../../domain/reply-controls";
import { ApiRequestError, api, apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast";
import { sendOnce } from "../once-key";
import { seedPostLikes } from "./post-likes";

/** spec-1 §9: posts are cached for 3 minutes. */
const POSTS_STALE_MS = 3 * 60_000;
export const CREATE_FAILED = "Failed to create post";

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  feed: () => [...postKeys.lists(), "feed"] as const,
  userPosts: (userId: string) => [...postKeys.lists(), "user", userId] as const,
  /** A person elsewhere, by our id for them (docs/federation.md "Posts from elsewhere"). */
  remotePosts: (id: string) => [...postKeys.lists(), "remote", id] as const,
  details: () => [...postKeys.all, "detail"] as const,
  post: (id: string) => [...postKeys.details(), "id", id] as const,
  postByPath: (handle: string, slug: string) =>
    [...postKeys.details(), "path", normalizeHandle(handle), slug] as const,
  /** Posts that arrived live and wait for the feed to take them (post-live.ts). */
  incoming: () => [...postKeys.all, "incoming"] as const,
  comments: (postId: string) => [...postKeys.all, "comments", postId] as const,
};

export type PostPage = z.infer<typeof postPage>;
export type PostPages = InfiniteData<PostPage>;

/** Changes (or, when `change` gives null, removes) post `postId` in every cache entry holding it.
 * A post page whose post is removed holds null: 'Post not found'. */
export function updatePost(
  queryClient: QueryClient,
  postId: string,
  change: (post: PostView) => PostView | null,
): void {
  const has = (items: PostView[] | undefined) => items?.some((p) => p.id === postId) ?? false;
  const inItems = (items: PostView[]) =>
    has(items) ? items.flatMap((p) => (p.id === postId ? (change(p) ?? []) : [p])) : items;
  // Only entries that hold the post are written: writing marks an entry fresh.
  queryClient.setQueriesData<PostPages>(
    {
      queryKey: postKeys.lists(),
      predicate: (q) =>
        (q.state.data as PostPages | undefined)?.pages.some((pg) => has(pg.items)) ?? false,
    },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: inItems(page.items) })),
      },
  );
  queryClient.setQueriesData<PostView | null>(
    {
      queryKey: postKeys.details(),
      predicate: (q) => (q.state.data as PostView | null | undefined)?.id === postId,
    },
    (post) => (post ? change(post) : post),
  );
  if (has(queryClient.getQueryData<PostView[]>(postKeys.incoming()))) {
    queryClient.setQueryData<PostView[]>(postKeys.incoming(), (items) => items && inItems(items));
  }
}

export const removePost = (queryClient: QueryClient, postId: string) =>
  updatePost(queryClient, postId, () => null);

/** spec-1 §4: an edit replaces the content (the path stays: the slug is set once). */
/** An edit: the text, the content warning and the image's flag, and when. */
export function applyPostEdit(
  queryClient: QueryClient,
  postId: string,
  edit: Pick<PostView, "content" | "contentWarning" | "imageSensitive" | "updatedAt">,
): void {
  updatePost(queryClient, postId, (post) => ({ ...post, ...edit }));
}

/** Puts posts at the top of the cached feed, skipping any it already holds. */
export function prependToFeed(queryClient: QueryClient, posts: PostView[]): void {
  queryClient.setQueryData<PostPages>(postKeys.feed(), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    const held = new Set(data.pages.flatMap((page) => page.items.map((p) => p.id)));
    const fresh = posts.filter((p) => !held.has(p.id));
    if (fresh.length === 0) return data;
    return { ...data, pages: [{ ...first, items: [...fresh, ...first.items] }, ...rest] };
  });
}

/** Every post id in the cached feed. */
export function feedPostIds(data: PostPages | undefined): Set<string> {
  return new Set(data?.pages.flatMap((page) => page.items.map((p) => p.id)) ?? []);
}

function usePostPages(
  queryKey: readonly unknown[],
  path: string,
  { enabled, pageSize }: { enabled: boolean; pageSize: number },
) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }) => {
      const startedAt = Date.now();
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set("cursor", pageParam);
      const page = await api.get<typeof postPage>(`${path}?${params}`, signal);
      seedPostLikes(queryClient, page.items, startedAt);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: POSTS_STALE_MS,
    enabled,
  });
}

/** spec-1 §2 feed: followed people's posts and one's own, newest first, 20 a page. */
export const useFeedQuery = (enabled = true) =>
  usePostPages(postKeys.feed(), "/api/feed", { enabled, pageSize: FEED_PAGE_SIZE });

/** spec-1 §2: the profile's posts tab, 40 a page (spec-1 §9). */
export const useUserPostsQuery = (userId: string) =>
  usePostPages(postKeys.userPosts(userId), `/api/users/${encodeURIComponent(userId)}/posts`, {
    enabled: userId !== "",
    pageSize: USER_POSTS_FETCH,
  });

/** What reached us of a person elsewhere, in pages like a profile's (docs/federation.md "Posts
 * from elsewhere"). */
export const useRemotePostsQuery = (id: string) =>
  usePostPages(postKeys.remotePosts(id), `/api/federation/people/${encodeURIComponent(id)}/posts`, {
    enabled: id !== "",
    pageSize: USER_POSTS_FETCH,
  });

/** A cached copy from a list, to show at once while the post itself loads. */
function findInLists(queryClient: QueryClient, match: (post: PostView) => boolean) {
  for (const [, data] of queryClient.getQueriesData<PostPages>({ queryKey: postKeys.lists() })) {
    const found = data?.pages.flatMap((page) => page.items).find(match);
    if (found) return found;
  }
  return undefined;
}

/** One post, or null when the server says there is no such post (400/404). */
function usePostDetail(
  queryKey: readonly unknown[],
  path: string,
  cached: (p: PostView) => boolean,
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<PostView | null> => {
      const startedAt = Date.now();
      try {
        const { post } = await api.get<typeof postResponse>(path, signal);
        seedPostLikes(queryClient, [post], startedAt);
        return post;
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
          return null;
        }
        throw error;
      }
    },
    placeholderData: () => findInLists(queryClient, cached),
    staleTime: POSTS_STALE_MS,
    enabled,
  });
}

export const usePostQuery = (postId: string) =>
  usePostDetail(
    postKeys.post(postId),
    `/api/posts/${encodeURIComponent(postId)}`,
    (p) => p.id === postId,
    postId !== "",
  );

export function usePostByPathQuery(handle: string, slug: string) {
  const path = `/${normalizeHandle(handle)}/${slug}`;
  return usePostDetail(
    postKeys.postByPath(handle, slug),
    `/api/posts/by-path/${encodeURIComponent(normalizeHandle(handle))}/${encodeURIComponent(slug)}`,
    (p) => p.path.toLowerCase() === path.toLowerCase(),
    normalizeHandle(handle) !== "" && slug !== "",
  );
}

export interface NewPost {
  content: string;
  /** Up to four, in order, each with its description (docs/profiles-and-media.md "Post images"). */
  images: { file: File; alt: string }[];
  /** docs/feed.md "Content warnings": blank is none. */
  contentWarning?: string;
  imageSensitive?: boolean;
  /** The card of its first link the composer shows (docs/feed.md "Link previews"). */
  linkPreviewId?: string | null;
  /** The post it quotes (docs/feed.md "Reposts and quotes"). */
  quoteOf?: string | null;
  /** The post from elsewhere it quotes (its id here; docs/feed.md "Reposts and quotes"). */
  quoteNote?: string | null;
  /** Who may comment on it (docs/safety.md "Who can reply and write"); everyone when left out. */
  replyPolicy?: WhoMay;
}

export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      content,
      images,
      contentWarning = "",
      imageSensitive = false,
      linkPreviewId = null,
      quoteOf = null,
      quoteNote = null,
      replyPolicy = "everyone",
    }: NewPost) => {
      const form = new FormData();
      form.append("content", content.trim());
      if (quoteOf) form.append("quoteOf", quoteOf);
      if (quoteNote) form.append("quoteNote", quoteNote);
      if (replyPolicy !== "everyone") form.append("replyPolicy", replyPolicy);
      if (linkPreviewId) form.append("linkPreviewId", linkPreviewId);
      if (contentWarning.trim()) form.append("contentWarning", contentWarning.trim());
      if (images.length > 0 && imageSensitive) form.append("imageSensitive", "true");
      for (const [n, { alt }] of images.entries()) {
        if (alt.trim()) form.append(`alt${n}`, alt.trim());
      }
      for (const { file } of images) form.append("image", file, file.name);
      const made = await sendOnce("/api/posts", form, (headers) =>
        apiRequest<typeof postResponse>("/api/posts", { method: "POST", body: form, headers }),
      );
      return made.post;
    },
    onSuccess: (post) => {
      seedPostLikes(queryClient, [post], Date.now());
      prependToFeed(queryClient, [post]);
      void queryClient.invalidateQueries({ queryKey: postKeys.userPosts(post.author.userId) });
    },
    onError: (error) => console.error(CREATE_FAILED, error),
  });
}

export function useEditPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      postId,
      content,
      contentWarning,
      imageSensitive,
    }: {
      postId: string;
      content: string;
      contentWarning: string;
      imageSensitive: boolean;
    }) =>
      (
        await apiRequest<typeof postResponse>(`/api/posts/${encodeURIComponent(postId)}`, {
          method: "PATCH",
          body: { content: content.trim(), contentWarning: contentWarning.trim(), imageSensitive },
        })
      ).post,
    onSuccess: (post) => updatePost(queryClient, post.id, (old) => ({ ...old, ...post })),
    // spec-1 §8 swallows edit failures; the dialog stays open with the text, and says so.
    onError: (error) => {
      console.error("Edit post failed", error);
      toast.error("Could not save the post. Please try again.");
    },
  });
}

/** Not optimistic: the post leaves every list once the server has deleted it. */
export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest<typeof okResponse>(`/api/posts/${encodeURIComponent(postId)}`, {
        method: "DELETE",
      }),
    onSuccess: (_data, postId) => removePost(queryClient, postId),
    onError: (error) => {
      console.error("Delete post failed", error);
      toast.error("Could not delete the post. Please try again.");
    },
  });
}
