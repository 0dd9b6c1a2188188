// The like toggle of a post (spec-1 §4): reads the post's one like entry (post-likes.ts), so every
// card of the same post agrees; a post from elsewhere is liked through the federation
// (post-likes.ts). Signed-out visitors go to sign-up and come back (spec-2 §6).
import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { formatCount } from "../../../domain/numbers";
import { signupRedirect } from "../../../domain/safe-next";
import { useLikePostMutation, usePostLikeState } from "../../state/queries/post-likes";
import { useSessionUser } from "../../state/queries/session";
import { countLabel } from "./post-parts";

export function PostLikeButton({ post }: { post: PostView }) {
  const { user } = useSessionUser();
  const { liked, likesCount } = usePostLikeState(post);
  const like = useLikePostMutation(post);
  const navigate = useNavigate();
  const location = useLocation();

  const onClick = () => {
    if (user === undefined) return; // the session is still loading
    if (user === null) {
      void navigate(signupRedirect(`${location.pathname}${location.search}`));
      return;
    }
    like.mutate(liked);
  };

  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`${liked ? "Unlike" : "Like"}, ${countLabel(likesCount, "like")}`}
      onClick={onClick}
      className={clsx(
        "-ml-2 inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm tabular-nums transition-colors hover:bg-rose-50 hover:text-rose-600 dark:hover:bg-rose-950/40 dark:hover:text-rose-400",
        liked ? "text-rose-600 dark:text-rose-400" : "text-neutral-500 dark:text-neutral-400",
      )}
    >
      <Heart aria-hidden="true" size={18} fill={liked ? "currentColor" : "none"} />
      <span aria-hidden="true">{formatCount(likesCount)}</span>
    </button>
  );
}
