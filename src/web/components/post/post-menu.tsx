// The 'Post options' menu (spec-1 §2): Copy link for everyone (origin + /{handle}/{slug}); Edit,
// 'Who can reply' (docs/safety.md "Who can reply and write") and Delete for the author only; for
// any other signed-in reader Report, Mute and Block of the author (docs/safety.md). All of it is
// drawn from the first use of the button on (`OptionsMenuOnUse`: used-post-menu.tsx). A post from
// elsewhere can be neither edited nor deleted here (docs/federation.md "Posts from elsewhere"):
// its menu copies its address on their server, when it has one, and offers a signed-in reader Report (docs/federation.md "Reports"). A signed-in
// reader may bookmark any post here, and its author pin it to their profile (post-mark-items.tsx:
// docs/feed.md "Bookmarks", "Pinned posts"). The author of a post a quote quotes may remove their
// post from it ('Remove from quote': docs/feed.md "Reposts and quotes").
import { useSessionUser } from "../../state/queries/session";
import { menuOwner, OptionsMenuOnUse } from "../menu/options-menu";
import type { PostMenuProps } from "./used-post-menu";

const LOOK = { label: "Post options", triggerClassName: "-mt-1 -mr-2" };

const owner = menuOwner<PostMenuProps>(() => import("./used-post-menu"));

export function PostMenu(props: PostMenuProps) {
  const { user } = useSessionUser();
  if (props.post.remote && !props.post.remote.url && !user) return null;
  return <OptionsMenuOnUse {...LOOK} owner={owner} props={props} />;
}
