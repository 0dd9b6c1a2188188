// Comments (spec-2 §2 post page, §3 post_comments, §4 comment like toggle, §5 replies): one list
// per post, top-level comments oldest first, each with its replies. A comment's like state lives
// only in this list, so the toggle changes it here. spec-2 §8: add and like failures are only
// logged (the reply box keeps the text).
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CommentView,
  commentResponse,
  commentsResponse,
  likeResponse,
} from "../../../domain/contracts/posts";
import { api } from "../../lib/api";
import { type LikeState, likeKeys, toggledLike } from "./post-likes";
import { postKeys, updatePost } from "./posts";

export type CommentsData = { items: CommentView[] };
export type CommentReply = CommentView["replies"][number];

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;

export function useCommentsQuery(postId: string) {
  return useQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ signal }) => api.get(postPath(postId), commentsResponse, signal),
    enabled: postId !== "",
  });
}

/** Adds a new comment where the server filed it: a top-level comment at the end, a reply at the
 * end of its thread (a reply to a reply belongs to the top-level comment, spec-2 §5). */
export function attachComment(data: CommentsData, comment: CommentReply): CommentsData {
  const known = data.items.some(
    (top) => top.id === comment.id || top.replies.some((r) => r.id === comment.id),
  );
  if (known) return data;
  const parent = comment.parentCommentId;
  if (parent === null) return { items: [...data.items, { ...comment, replies: [] }] };
  return {
    items: data.items.map((top) =>
      top.id === parent || top.replies.some((r) => r.id === parent)
        ? { ...top, replies: [...top.replies, { ...comment, parentCommentId: top.id }] }
        : top,
    ),
  };
}

export function useAddCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { content: string; parentCommentId?: string | null }) =>
      (
        await api.post(
          postPath(postId),
          { content: input.content.trim(), parentCommentId: input.parentCommentId ?? null },
          commentResponse,
        )
      ).comment,
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentsData>(
        postKeys.comments(postId),
        (data) => data && attachComment(data, comment),
      );
      updatePost(queryClient, postId, (post) => ({
        ...post,
        commentsCount: post.commentsCount + 1,
      }));
    },
    onError: (error) => console.error("Add comment failed", error),
  });
}

function setCommentLike(
  queryClient: QueryClient,
  postId: string,
  commentId: string,
  change: (state: LikeState) => LikeState,
) {
  const apply = <C extends CommentReply>(c: C): C => {
    if (c.id !== commentId) return c;
    const next = change({ liked: c.likedByMe, likesCount: c.likesCount });
    return { ...c, likedByMe: next.liked, likesCount: Math.max(0, next.likesCount) };
  };
  queryClient.setQueryData<CommentsData>(
    postKeys.comments(postId),
    (data) =>
      data && {
        items: data.items.map((top) => ({ ...apply(top), replies: top.replies.map(apply) })),
      },
  );
}

function findComment(queryClient: QueryClient, postId: string, commentId: string) {
  const data = queryClient.getQueryData<CommentsData>(postKeys.comments(postId));
  return data?.items.flatMap((top) => [top, ...top.replies]).find((c) => c.id === commentId);
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
      api.post(`/api/comments/${encodeURIComponent(commentId)}/like`, {}, likeResponse),
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
