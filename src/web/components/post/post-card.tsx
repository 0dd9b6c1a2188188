// One post in a list (spec-1 §2 feed, profile posts tab): author, time, text, image, the card of
// the post it quotes (docs/feed.md "Reposts and quotes"), counts and the options menu; the text and images behind the post's content warning, if it has one. A click on the card's body opens the post page; links and buttons inside
// keep their own meaning, and keyboard users reach the page through the time link. A post from
// elsewhere has no page here (docs/federation.md "Posts from elsewhere"): its card opens nothing.
// A post the reader's muted words match shows collapsed until Show (docs/safety.md "Muted words").
import { clsx } from "clsx";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { MutedHidden } from "../safety/muted-hidden";
import { BoostedBy } from "./boosted-by";
import { ContentWarning } from "./content-warning";
import { PinnedLabel } from "./pinned-label";
import { PostMenu } from "./post-menu";
import { PostAuthorName, PostAvatar, PostBody, PostTimeLink } from "./post-parts";
import { PostStats } from "./post-stats";
import { QuoteCard } from "./quote-card";
import { RepostedBy } from "./reposted-by";

const INTERACTIVE = "a, button, input, textarea, select, label, [role='menuitem']";

/** `lead`: the list's first post (its picture loads at once: post-parts.tsx PostBody); `pinned`:
 * shown among its author's pinned posts, under a "Pinned" line (docs/feed.md "Pinned posts"). */
interface PostCardProps {
  post: PostView;
  lead?: boolean;
  pinned?: boolean;
}

export function PostCard(props: PostCardProps) {
  return (
    <MutedHidden
      mutedBy={props.post.mutedBy}
      className="border-b border-neutral-200 px-4 py-3 dark:border-neutral-800"
    >
      <ShownPostCard {...props} />
    </MutedHidden>
  );
}

function ShownPostCard({ post, lead = false, pinned = false }: PostCardProps) {
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLElement>) => {
    if (post.remote) return;
    const target = event.target as Element;
    // Clicks from the menu's and dialogs' portals bubble here through React, not through the DOM.
    if (!event.currentTarget.contains(target) || target.closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click on the post
    void navigate(post.path);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut only; the time link opens the post from the keyboard
    <article
      aria-label={`Post by ${displayName(post.author)}`}
      onClick={open}
      className={clsx(
        !post.remote && "cursor-pointer",
        "border-b border-neutral-200 px-4 pt-4 pb-1 transition-colors hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900/60",
      )}
    >
      <BoostedBy booster={post.remote?.boostedBy} />
      <RepostedBy repost={post.repostedBy} />
      {pinned ? <PinnedLabel /> : null}
      <div className="flex gap-3">
        <PostAvatar post={post} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-2">
            <div className="flex min-w-0 flex-1 items-baseline gap-x-1 whitespace-nowrap">
              <PostAuthorName post={post} />
              <span aria-hidden="true" className="text-neutral-400">
                ·
              </span>
              <PostTimeLink post={post} />
            </div>
            <PostMenu post={post} />
          </div>
          <div className="mt-1">
            <ContentWarning warning={post.contentWarning}>
              <PostBody post={post} lead={lead} />
              {post.quote ? <QuoteCard card={post.quote} /> : null}
            </ContentWarning>
          </div>
          <PostStats post={post} />
        </div>
      </div>
    </article>
  );
}
