// What stands in for the reply box of a reader the post's 'Who can reply' leaves out (docs/safety.md
// "Who can reply and write"), before they type anything: that they cannot reply, and why, in the
// post's own words.
import type { PostView } from "../../../domain/contracts/posts";
import { replyLimitLine } from "../../../domain/reply-controls";

export function ReplyClosed({ post }: { post: PostView }) {
  const why = replyLimitLine(post.replyPolicy ?? "everyone", post.author.handle);
  return (
    <div className="rounded-xl bg-neutral-100 px-4 py-3 text-sm dark:bg-neutral-800/60">
      <p className="font-medium">You can't reply to this post</p>
      {why ? <p className="text-neutral-600 dark:text-neutral-400">{why}.</p> : null}
    </div>
  );
}

/**
 * Whether the reader may write under the post: its own read says so (`canReply`); signed out, they
 * may try once signed in, unless replies are off. "unknown" while the post shown is a list's copy
 * without `canReply` and only the fresh read can tell, so no box appears that would then vanish.
 */
export function replyState(
  post: PostView,
  user: { id: string } | null | undefined,
): "open" | "closed" | "unknown" {
  const policy = post.replyPolicy ?? "everyone";
  if (user === undefined) return "unknown";
  if (user === null) return policy === "nobody" ? "closed" : "open";
  if (post.canReply !== undefined) return post.canReply ? "open" : "closed";
  return policy === "everyone" || user.id === post.author.userId ? "open" : "unknown";
}
