// Shapes of /api/posts/*, /api/feed and comments (spec-1 §3 posts; spec-2 §3 comments).
import { z } from "zod";
import { COMMENT_MAX, FEED_PAGE_SIZE } from "../limits";
import { POST_MAX } from "../post-slug";
import { personSummary } from "./follows";
import { pageOf, pageQueryOf } from "./page";

export const postContentField = z
  .string()
  .trim()
  .min(1, { message: "Write something first." })
  .max(POST_MAX, { message: `Posts are at most ${POST_MAX} characters.` });

/** The text part of a new post; the optional image travels as the multipart field "image". */
export const createPostFields = z.object({ content: postContentField });
export const editPostBody = z.object({ content: postContentField });

export const postView = z.object({
  id: z.string(),
  author: personSummary,
  content: z.string(),
  imageUrl: z.string().nullable(),
  /** /{handle}/{slug}: the canonical path that Copy link shares. */
  path: z.string(),
  likesCount: z.number(),
  commentsCount: z.number(),
  viewsCount: z.number(),
  likedByMe: z.boolean(),
  isAuthor: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set on a post from another server (docs/federation.md "Posts from elsewhere"): the author's
   * page here is /@{handle}, the post's own page is `url` on their server; its views are not
   * counted, and it is liked through /api/federation/notes/{id}/like. */
  remote: z.object({ handle: z.string(), url: z.string().nullable() }).optional(),
});
export type PostView = z.infer<typeof postView>;

export const postResponse = z.object({ post: postView });
export const postPage = pageOf(postView);

export const pageQuery = pageQueryOf({ default: FEED_PAGE_SIZE, max: 50 });

export const postIdParams = z.object({ postId: z.uuid({ message: "Post not found" }) });
export const postPathParams = z.object({
  handle: z.string().min(1).max(64),
  slug: z.string().min(1).max(80),
});

export const likeResponse = z.object({ liked: z.boolean(), likesCount: z.number() });
export const viewResponse = z.object({ counted: z.boolean(), viewsCount: z.number() });

export const commentBody = z.object({
  content: z
    .string()
    .trim()
    .min(1, { message: "Write a reply first." })
    .max(COMMENT_MAX, { message: `Replies are at most ${COMMENT_MAX} characters.` }),
  parentCommentId: z.uuid().nullable().optional(),
});

export const COMMENTS_PAGE_SIZE = 50;

/** A comment as listed: flat, oldest first; the browser threads replies (comment-threads.ts). */
export const commentView = z.object({
  id: z.string(),
  postId: z.string(),
  author: personSummary,
  content: z.string(),
  parentCommentId: z.string().nullable(),
  likesCount: z.number(),
  likedByMe: z.boolean(),
  /** Deleted: shown as 'Comment deleted' (its content is empty), its replies stay. */
  deleted: z.boolean(),
  createdAt: z.string(),
  /** Set on a reply from another server (docs/federation.md "Replies"): its author's page here is
   * /@{handle}; it cannot be liked or answered here. */
  remote: z.object({ handle: z.string(), url: z.string().nullable() }).optional(),
});
export type CommentView = z.infer<typeof commentView>;

export const commentsQuery = pageQueryOf({ default: COMMENTS_PAGE_SIZE, max: 100 });
export const commentsResponse = pageOf(commentView);
export const commentResponse = z.object({ comment: commentView });
export const commentIdParams = z.object({ commentId: z.uuid({ message: "Comment not found" }) });
