// Comments (spec-2 §2 post page, §3 post_comments, §4 comment like toggle, §5 replies): the API
// lists a post's comments flat, oldest first, page by page; the screen threads each reply under
// its top-level comment (domain/comment-threads.ts). A comment's like state lives only in these
// pages, so the toggle changes it here. spec-2 §8: add and like failures are only logged (the
// reply box keeps the text), but for a safety refusal, which is said (docs/safety.md).
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { okResponse } from "../../../domain/contracts/auth";
import type {
  CommentView,
  commentResponse,
  commentsResponse,
  likeResponse,
} from "../../../domain/contracts/posts";
import { ERROR_CODES } from "../../../domain/error-codes";
import { ApiRequestError, api, apiRequest } from "../../lib/api";
import { safetyRefusal } from "../../lib/safety-refusal";
import { toast } from "../../lib/toast";
import { sendOnce } from "../once-key";
import { type LikeState, likeKeys, toggledLike } from "./post-likes";
import { postKeys, updatePost } from "./posts";

type CommentsPage = { items: CommentView[]; nextCursor: string | null };
export type CommentsData = InfiniteData<CommentsPage, string | null>;

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;

export function useCommentsQuery(postId: string) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      api.get<typeof commentsResponse>(
        pageParam
          ? `${postPath(postId)}?cursor=${encodeURIComponent(pageParam)}`
          : postPath(postId),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: postId !== "",
  });
}

/** Every loaded comment, oldest first, as the pages hold them. */
export const loadedComments = (data: { pages: CommentsPage[] } | undefined): CommentView[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

function mapComments(
  queryClient: QueryClient,
  postId: string,
  change: (comment: CommentView) => CommentView,
) {
  queryClient.setQueryData<CommentsData>(
    postKeys.comments(postId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })),
      },
  );
}

/**
 * Adds a new comment after the loaded ones, unless it is already there. A comment written while
 * later pages are still unloaded arrives with them, in its place.
 */
export function appendComment(data: CommentsData, comment: CommentView): CommentsData {
  if (loadedComments(data).some((c) => c.id === comment.id)) return data;
  const last = data.pages.at(-1);
  if (!last || last.nextCursor !== null) return data;
  return {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
  };
}

export function useAddCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { content: string; parentCommentId?: string | null }) => {
      const path = postPath(postId);
      const body = {
        content: input.content.trim(),
        parentCommentId: input.parentCommentId ?? null,
      };
      const added = await sendOnce(path, body, (headers) =>
        api.post<typeof commentResponse>(path, body, headers),
      );
      return added.comment;
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentsData>(
        postKeys.comments(postId),
        (data) => data && appendComment(data, comment),
      );
      updatePost(queryClient, postId, (post) => ({
        ...post,
        commentsCount: post.commentsCount + 1,
      }));
    },
    onError: (error) => {
      console.error("Add comment failed", error);
      // A restriction, a block or the post's 'Who can reply' is said, in the server's words
      // (docs/safety.md); the post is read again, so the box gives way to the reason.
      const refusal = safetyRefusal(error);
      if (refusal) toast.error(refusal);
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.repliesClosed) {
        void queryClient.invalidateQueries({ queryKey: postKeys.details() });
      }
    },
  });
}

/** Deleting leaves a 'Comment deleted' tombstone in place, so its replies stay under it. */
export function useDeleteCommentMutation(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<typeof okResponse>(`/api/comments/${encodeURIComponent(commentId)}`, {
        method: "DELETE",
      }),
    onSuccess: () => {
      mapComments(queryClient, postId, (c) =>
        c.id === commentId ? { ...c, deleted: true, content: "" } : c,
      );
      updatePost(queryClient, postId, (post) => ({
        ...post,
        commentsCount: Math.max(0, post.commentsCount - 1),
      }));
    },
  });
}

function setCommentLike(
  queryClient: QueryClient,
  postId: string,
  commentId: string,
  change: (state: LikeState) => LikeState,
) {
  mapComments(queryClient, postId, (c) => {
    if (c.id !== commentId) return c;
    const next = change({ liked: c.likedByMe, likesCount: c.likesCount });
    return { ...c, likedByMe: next.liked, likesCount: Math.max(0, next.likesCount) };
  });
}

function findComment(queryClient: QueryClient, postId: string, commentId: string) {
  const data = queryClient.getQueryData<CommentsData>(postKeys.comments(postId));
  return loadedComments(data).find((c) => c.id === commentId);
}

/** spec-2 §4: optimistic, reverted if the server call fails, never below 0. */
export function useLikeCommentMutation(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  const key = likeKeys.comment(commentId);
  const othersPending = () => queryClient.isMutating({ mutationKey: key }) > 1;
  return useMutation({
    mutationKey: key,
    scope: { id: `like-comment-${commentId}` },
    mutationFn: () =>
      api.post<typeof likeResponse>(`/api/comments/${encodeURIComponent(commentId)}/like`, {}),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: postKeys.comments(postId) });
      const previous = findComment(queryClient, postId, commentId);
      setCommentLike(queryClient, postId, commentId, toggledLike);
      return { previous };
    },
    onError: (error, _vars, context) => {
      console.error("Comment like failed", error);
      // Alone: back to what was shown before. Behind other presses: undo just this one.
      const previous = context?.previous;
      setCommentLike(queryClient, postId, commentId, (current) =>
        othersPending() || !previous
          ? toggledLike(current)
          : { liked: previous.likedByMe, likesCount: previous.likesCount },
      );
    },
    onSuccess: ({ liked, likesCount }) => {
      if (!othersPending())
        setCommentLike(queryClient, postId, commentId, () => ({ liked, likesCount }));
    },
  });
}
