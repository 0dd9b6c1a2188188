// The 'Comment options' menu on someone else's comment (docs/safety.md): Report it, or Mute or
// Block its author, drawn from the first use of its button on (`OptionsMenuOnUse`:
// used-comment-menu.tsx).
import type { CommentView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { menuOwner, OptionsMenuOnUse } from "../../components/menu/options-menu";

const look = (comment: CommentView) => ({
  label: `Comment options, ${displayName(comment.author)}`,
  triggerClassName: "-my-1.5 -mr-2",
});

const owner = menuOwner<{ comment: CommentView }>(() => import("./used-comment-menu"));

export function CommentMenu({ comment }: { comment: CommentView }) {
  return <OptionsMenuOnUse {...look(comment)} owner={owner} props={{ comment }} />;
}
