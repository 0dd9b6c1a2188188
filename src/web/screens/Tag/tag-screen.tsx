// /tags/{tag} (docs/feed.md "Hashtags"): the tag's name and post count, a Follow button that
// brings its posts into the home feed, and its posts the viewer may see, newest first, 20 a page
// with Load More. A name that cannot be a tag is the one Page not found. A moderator also sees
// whether the tag may trend, and a button to change it (docs/search.md "Trending tags").
import { Hash } from "lucide-react";
import type { MouseEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { parseTagName } from "../../../domain/hashtags";
import { pageText } from "../../../domain/page-titles";
import { signupRedirect } from "../../../domain/safe-next";
import { Button } from "../../components/controls/button";
import { Page } from "../../components/layout/page";
import { FollowToggle } from "../../components/person/follow-toggle";
import { PostList } from "../../components/post/post-list";
import { usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useSessionUser } from "../../state/queries/session";
import {
  type TagView,
  useTagFollowMutation,
  useTagPostsQuery,
  useTagQuery,
  useTagTrendingMutation,
} from "../../state/queries/tags";
import { NotFoundScreen } from "../NotFound/not-found-screen";

export function TagScreen() {
  const tag = parseTagName(useParams().tag ?? "");
  return tag === null ? <NotFoundScreen /> : <TagPage tag={tag} />;
}

const countLabel = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "post" : "posts"}`;

function TagPage({ tag }: { tag: string }) {
  usePageMeta(pageText({ kind: "tag", tag }, useSite().siteName));
  const header = useTagQuery(tag);
  const posts = useTagPostsQuery(tag);
  const display = header.data?.display ?? tag;
  return (
    <Page>
      <div className="mb-4 flex items-center justify-between gap-3 sm:mb-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">#{display}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {header.data ? countLabel(header.data.postsCount) : "\u00a0"}
          </p>
        </div>
        <TagFollowButton tag={tag} view={header.data} />
      </div>
      {header.data && header.data.hiddenFromTrending !== null && header.data.postsCount > 0 ? (
        <TrendingSwitch tag={tag} hidden={header.data.hiddenFromTrending} />
      ) : null}
      <PostList
        query={posts}
        empty={
          <div className="flex flex-col items-center gap-2 pt-12 text-center">
            <Hash aria-hidden="true" size={40} className="text-neutral-400" />
            <p className="text-lg font-semibold">No posts yet</p>
            <p className="text-sm text-neutral-500 dark:text-neutral-400">
              Posts with #{display} will show here.
            </p>
          </div>
        }
      />
    </Page>
  );
}

/** Follow / Following for the tag; a visitor is sent to sign up and comes back here. */
function TagFollowButton({ tag, view }: { tag: string; view: TagView | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isPending: sessionPending } = useSessionUser();
  const toggle = useTagFollowMutation(tag);
  const following = Boolean(user && view?.following);
  const busy = sessionPending || toggle.isPending || (Boolean(user) && !view);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    if (busy) return;
    if (!user) {
      void navigate(signupRedirect(`${location.pathname}${location.search}`));
      return;
    }
    toggle.mutate(!following);
  };
  return (
    <FollowToggle
      state={following ? "following" : "none"}
      name={`#${view?.display ?? tag}`}
      busy={busy}
      pending={toggle.isPending}
      onClick={onClick}
    />
  );
}

/** Moderators only: keep the tag out of trending, or let it back (recorded in the audit log). */
function TrendingSwitch({ tag, hidden }: { tag: string; hidden: boolean }) {
  const change = useTagTrendingMutation(tag);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-2xl border border-neutral-200 px-4 py-3 text-sm dark:border-neutral-800">
      <p className="min-w-0 flex-1 text-neutral-700 dark:text-neutral-300">
        {hidden ? "Moderators keep this tag out of trending." : "This tag may trend."}
      </p>
      <Button variant="secondary" busy={change.isPending} onClick={() => change.mutate(!hidden)}>
        {hidden ? "Let it trend" : "Hide from trending"}
      </Button>
    </div>
  );
}
