// The repost button of a post (docs/feed.md "Reposts and quotes"), beside the like: pressed
// (aria-pressed) once the reader reposted it, with the post's repost count. It opens a small menu
// (the one options menu: arrow keys, Enter, Escape): Repost (or Undo repost) and Quote, which opens
// the quote composer with the post's card. A private account's post can be neither reposted nor
// quoted: the button is there, disabled, saying why. A post from elsewhere is reposted and quoted
// the same way. Signed-out visitors go to sign-up and come back, as the like does.
import { clsx } from "clsx";
import { Repeat2 } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { formatCount } from "../../../domain/numbers";
import { signupRedirect } from "../../../domain/safe-next";
import { usePostRepostState } from "../../state/queries/post-reposts";
import { useSessionUser } from "../../state/queries/session";
import { menuOwner, OptionsMenuOnUse } from "../menu/options-menu";
import type { MenuButtonLook, MenuTriggerProps } from "../menu/options-menu-props";
import { countLabel } from "./post-parts";
import type { RepostMenuProps } from "./repost-menu";

const owner = menuOwner<RepostMenuProps>(() => import("./repost-menu"));

export function PostRepostButton({ post }: { post: PostView }) {
  const { user } = useSessionUser();
  const { reposted, repostsCount } = usePostRepostState(post);
  const navigate = useNavigate();
  const location = useLocation();
  const closed = post.repostable === false;
  const label = `${closed ? "Reposting is off for private accounts" : reposted ? "Undo repost" : "Repost"}, ${countLabel(repostsCount, "repost")}`;
  const look = (props: MenuTriggerProps) => (
    <RepostLook {...props} label={label} reposted={reposted} closed={closed} count={repostsCount} />
  );

  if (closed || !user) {
    const toSignUp = () => {
      if (user === null) void navigate(signupRedirect(`${location.pathname}${location.search}`));
    };
    return look({ onClick: closed ? undefined : toSignUp, disabled: closed });
  }
  const menu: MenuButtonLook = { label, trigger: look, align: "start" };
  return <OptionsMenuOnUse {...menu} owner={owner} props={{ post, reposted }} />;
}

function RepostLook({
  label,
  reposted,
  closed,
  count,
  ...button
}: MenuTriggerProps & { label: string; reposted: boolean; closed: boolean; count: number }) {
  return (
    <button
      type="button"
      {...button}
      aria-pressed={reposted}
      disabled={closed}
      title={closed ? "Posts of a private account cannot be reposted or quoted" : undefined}
      aria-label={label}
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
      <span aria-hidden="true">{formatCount(count)}</span>
    </button>
  );
}
