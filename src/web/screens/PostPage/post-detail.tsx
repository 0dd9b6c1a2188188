// The post itself on its page (spec-2 §2): author with badge and @handle, the text, the image, the
// card of the post it quotes (docs/feed.md "Reposts and quotes"),
// its date as spec-2 §2 fixes it here (numeric date plus 12-hour time, where lists show '7m'), the
// counts and the options menu; who may reply when its author limited it (docs/safety.md "Who can
// reply and write").
import type { PostView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { postDateLabel } from "../../../domain/time-labels";
import { ContentWarning } from "../../components/post/content-warning";
import { PostMenu } from "../../components/post/post-menu";
import { PostAuthorName, PostAvatar, PostBody } from "../../components/post/post-parts";
import { PostStats } from "../../components/post/post-stats";
import { QuoteCard } from "../../components/post/quote-card";
import { ReplyLimitLine } from "../../components/post/reply-limit-line";
import { MutedHidden } from "../../components/safety/muted-hidden";
import { TimeStamp } from "../../components/text/time-stamp";

export function PostDetail({ post, onDeleted }: { post: PostView; onDeleted: () => void }) {
  return (
    <article aria-label={`Post by ${displayName(post.author)}`}>
      <div className="flex items-start gap-3">
        <PostAvatar post={post} className="size-12" />
        <div className="min-w-0 flex-1">
          <PostAuthorName post={post} stacked />
        </div>
        <PostMenu post={post} onDeleted={onDeleted} />
      </div>
      <div className="mt-3">
        <MutedHidden
          mutedBy={post.mutedBy}
          className="rounded-xl bg-neutral-100 px-3 py-2 dark:bg-neutral-800"
        >
          <ContentWarning warning={post.contentWarning}>
            <PostBody post={post} large />
            {post.quote ? <QuoteCard card={post.quote} /> : null}
          </ContentWarning>
        </MutedHidden>
      </div>
      <p className="mt-3 text-sm text-neutral-500 dark:text-neutral-400">
        <TimeStamp at={post.createdAt} label={postDateLabel(new Date(post.createdAt))} />
      </p>
      <ReplyLimitLine post={post} className="mt-2" />
      <div className="mt-3 border-y border-neutral-200 py-1 dark:border-neutral-800">
        <PostStats post={post} />
      </div>
    </article>
  );
}
