// The repost toggle of a post (docs/feed.md "Reposts and quotes"), beside the like: pressed
// (aria-pressed) once the reader reposted it, with the post's repost count. A private account's
// post cannot be reposted: the button is there, disabled, saying why. Signed-out visitors go to
// sign-up and come back, as the like does.
import { clsx } from "clsx";
import { Repeat2 } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { formatCount } from "../../../domain/numbers";
import { signupRedirect } from "../../../domain/safe-next";
import { usePostRepostState, useRepostMutation } from "../../state/queries/post-reposts";
import { useSessionUser } from "../../state/queries/session";
import { countLabel } from "./post-parts";

export function PostRepostButton({ post }: { post: PostView }) {
  const { user } = useSessionUser();
  const { reposted, repostsCount } = usePostRepostState(post);
  const repost = useRepostMutation(post);
  const navigate = useNavigate();
  const location = useLocation();
  const closed = post.repostable === false;

  const onClick = () => {
    if (user === undefined) return; // the session is still loading
    if (user === null) {
      void navigate(signupRedirect(`${location.pathname}${location.search}`));
      return;
    }
    repost.mutate(reposted);
  };

  return (
    <button
      type="button"
      aria-pressed={reposted}
      disabled={closed}
      title={closed ? "Posts of a private account cannot be reposted" : undefined}
      aria-label={`${closed ? "Reposting is off for private accounts" : reposted ? "Undo repost" : "Repost"}, ${countLabel(repostsCount, "repost")}`}
      onClick={onClick}
      className={clsx(
        "inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm tabular-nums transition-colors",
        closed
          ? "cursor-not-allowed text-neutral-300 dark:text-neutral-600"
          : "hover:bg-emerald-50 hover:text-emerald-700 dark:hover:bg-emerald-950/40 dark:hover:text-emerald-400",
        !closed &&
          (reposted
            ? "text-emerald-700 dark:text-emerald-400"
            : "text-neutral-500 dark:text-neutral-400"),
      )}
    >
      <Repeat2 aria-hidden="true" size={18} />
      <span aria-hidden="true">{formatCount(repostsCount)}</span>
    </button>
  );
}
