// The line a post shows when its author limited who may reply (docs/safety.md "Who can reply and
// write"): 'Only people @ann follows can reply', "Only @ann's friends can reply", 'Replies are
// off'; nothing for everyone, and nothing on posts from elsewhere.
import { clsx } from "clsx";
import type { PostView } from "../../../domain/contracts/posts";
import { replyLimitLine } from "../../../domain/reply-controls";
import { WHO_MAY_ICONS } from "./reply-policy-icon";

export function ReplyLimitLine({ post, className }: { post: PostView; className?: string }) {
  const policy = post.replyPolicy ?? "everyone";
  const line = replyLimitLine(policy, post.author.handle);
  if (!line) return null;
  const Icon = WHO_MAY_ICONS[policy];
  return (
    <p
      className={clsx(
        "flex items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-400",
        className,
      )}
    >
      <Icon aria-hidden="true" size={16} className="shrink-0" />
      {line}
    </p>
  );
}
