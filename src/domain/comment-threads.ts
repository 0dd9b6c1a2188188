// spec-2 §2: threaded comments with one level of replies. The API lists comments flat, oldest
// first, in pages; a reply is always newer than its parent, so threading the loaded pages in
// order puts every loaded reply under its top-level comment.
import type { CommentView } from "./contracts/posts";

export interface CommentThread extends CommentView {
  replies: CommentView[];
}

export function threadComments(comments: readonly CommentView[]): CommentThread[] {
  const threads: CommentThread[] = [];
  const byId = new Map<string, CommentThread>();
  const seen = new Set<string>();
  for (const comment of comments) {
    if (seen.has(comment.id)) continue;
    seen.add(comment.id);
    if (comment.parentCommentId === null) {
      const thread = { ...comment, replies: [] };
      threads.push(thread);
      byId.set(comment.id, thread);
    } else {
      byId.get(comment.parentCommentId)?.replies.push(comment);
    }
  }
  return threads;
}
