// Like, repost, comment and view counts under a post (spec-1 §2, spec-2 §2; docs/feed.md "Reposts
// and quotes"). A post from elsewhere has its
// likes, its reposts here and a Reply that goes to its author's server: its comments are not listed
// here yet and its views are not counted (docs/federation.md "Posts from elsewhere", "Replies").
import { Eye, MessageCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { formatCount } from "../../../domain/numbers";
import { PostLikeButton } from "./post-like-button";
import { countLabel } from "./post-parts";
import { PostRepostButton } from "./post-repost-button";
import { RemoteReplyButton, RemoteReplyForm } from "./remote-reply";

const statClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm tabular-nums text-neutral-500 dark:text-neutral-400";

export function PostStats({ post }: { post: PostView }) {
  const [replying, setReplying] = useState(false);
  if (post.remote) {
    return (
      <>
        <div className="mt-2 flex items-center gap-4 sm:gap-6">
          <PostLikeButton post={post} />
          <PostRepostButton post={post} />
          <RemoteReplyButton open={replying} onOpen={() => setReplying(true)} />
        </div>
        {replying ? <RemoteReplyForm post={post} onClose={() => setReplying(false)} /> : null}
      </>
    );
  }
  return (
    <div className="mt-2 flex items-center gap-4 sm:gap-6">
      <PostLikeButton post={post} />
      <PostRepostButton post={post} />
      <Link
        to={post.path}
        aria-label={countLabel(post.commentsCount, "comment")}
        className={`${statClass} hover:bg-sky-50 hover:text-sky-700 dark:hover:bg-sky-950/40 dark:hover:text-sky-400`}
      >
        <MessageCircle aria-hidden="true" size={18} />
        <span aria-hidden="true">{formatCount(post.commentsCount)}</span>
      </Link>
      <span className={statClass}>
        <Eye aria-hidden="true" size={18} />
        <span aria-hidden="true">{formatCount(post.viewsCount)}</span>
        <span className="sr-only">{countLabel(post.viewsCount, "view")}</span>
      </span>
    </div>
  );
}
