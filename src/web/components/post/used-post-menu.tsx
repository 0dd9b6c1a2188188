// The 'Post options' menu once its button has been used (post-menu.tsx), in a chunk of its own
// with its items and dialogs (docs/performance.md "Initial JavaScript"). The dialogs live outside
// the menu so they outlast it.
import { Flag, Link2, MessageCircle, Pencil, Trash2, Unlink } from "lucide-react";
import { useRef, useState } from "react";
import type { PostView } from "../../../domain/contracts/posts";
import { toast } from "../../lib/toast";
import { useDetachQuoteMutation } from "../../state/queries/post-quotes";
import { useSessionUser } from "../../state/queries/session";
import { OptionsMenu, type WithLook } from "../menu/options-menu";
import { OptionsMenuItem } from "../menu/options-menu-item";
import { RemoteReportDialog } from "../safety/remote-report-dialog";
import { type SafetyAction, useSafetyActions } from "../safety/safety-actions";
import { PostDeleteDialog } from "./post-delete-dialog";
import { PostEditDialog } from "./post-edit-dialog";
import { PostMarkItems } from "./post-mark-items";
import { ReplyPolicyDialog } from "./reply-policy-dialog";
import { WHO_CAN_REPLY } from "./reply-policy-select";

const SAFETY_ACTIONS: readonly SafetyAction[] = ["report", "mute", "block"];

/** The post's address: its page here, or for a post from elsewhere its page on their server. */
const linkOf = (post: PostView) => post.remote?.url ?? `${window.location.origin}${post.path}`;

/** Our id for the author of a post from elsewhere, which the feed gives as `fed:{id}`. */
const remoteAuthorId = (post: PostView) => post.author.userId.replace(/^fed:/, "");

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied");
  } catch (error) {
    console.error("Copy link failed", error);
    toast.error("Could not copy the link");
  }
}

/** Whether the signed-in viewer wrote the post (live posts arrive with isAuthor unset). */
function useIsAuthor(post: PostView): boolean {
  const { user } = useSessionUser();
  return post.isAuthor || (Boolean(user) && user?.id === post.author.userId);
}

export interface PostMenuProps {
  post: PostView;
  onDeleted?: () => void;
}

export default function UsedPostMenu({ post, onDeleted, look }: WithLook<PostMenuProps>) {
  const { user } = useSessionUser();
  const isAuthor = useIsAuthor(post);
  const remote = Boolean(post.remote);
  const [dialog, setDialog] = useState<"edit" | "replies" | "delete" | "report" | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const others = Boolean(user) && !isAuthor && !remote;
  // The quoted post's author may take their post out of this quote (docs/feed.md "Reposts and
  // quotes").
  const quotesMine =
    post.quote?.unavailable === false && Boolean(user) && post.quote.author.userId === user?.id;
  const detach = useDetachQuoteMutation();
  const reportsElsewhere = Boolean(user) && remote;
  const safety = useSafetyActions(
    { target: { type: "post", id: post.id }, person: post.author },
    { actions: others ? SAFETY_ACTIONS : [], menuOpen: menuOpen && others, triggerRef: trigger },
  );
  const setOpen = (which: "edit" | "replies" | "delete" | "report") => (open: boolean) =>
    setDialog(open ? which : null);
  const backToMenuButton = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };

  return (
    <>
      <OptionsMenu {...look} triggerRef={trigger} onOpenChange={setMenuOpen} usedAlready>
        {remote && !post.remote?.url ? null : (
          <OptionsMenuItem
            icon={<Link2 aria-hidden="true" size={16} />}
            onSelect={() => void copyLink(linkOf(post))}
          >
            Copy link
          </OptionsMenuItem>
        )}
        <PostMarkItems post={post} menuOpen={menuOpen} isAuthor={isAuthor} />
        {quotesMine ? (
          <OptionsMenuItem
            icon={<Unlink aria-hidden="true" size={16} />}
            onSelect={() => detach.mutate(post)}
          >
            Remove from quote
          </OptionsMenuItem>
        ) : null}
        {reportsElsewhere ? (
          <OptionsMenuItem
            icon={<Flag aria-hidden="true" size={16} />}
            onSelect={() => setDialog("report")}
          >
            Report post
          </OptionsMenuItem>
        ) : isAuthor ? (
          <>
            <OptionsMenuItem
              icon={<Pencil aria-hidden="true" size={16} />}
              onSelect={() => setDialog("edit")}
            >
              Edit
            </OptionsMenuItem>
            <OptionsMenuItem
              icon={<MessageCircle aria-hidden="true" size={16} />}
              onSelect={() => setDialog("replies")}
            >
              {WHO_CAN_REPLY}
            </OptionsMenuItem>
            <OptionsMenuItem
              danger
              icon={<Trash2 aria-hidden="true" size={16} />}
              onSelect={() => setDialog("delete")}
            >
              Delete
            </OptionsMenuItem>
          </>
        ) : (
          safety.items
        )}
      </OptionsMenu>
      {reportsElsewhere ? (
        <RemoteReportDialog
          person={{ id: remoteAuthorId(post), handle: post.author.handle }}
          noteId={post.id}
          open={dialog === "report"}
          onOpenChange={setOpen("report")}
          onCloseAutoFocus={backToMenuButton}
        />
      ) : isAuthor ? (
        <>
          <PostEditDialog
            post={post}
            open={dialog === "edit"}
            onOpenChange={setOpen("edit")}
            onCloseAutoFocus={backToMenuButton}
          />
          <ReplyPolicyDialog
            post={post}
            open={dialog === "replies"}
            onOpenChange={setOpen("replies")}
            onCloseAutoFocus={backToMenuButton}
          />
          <PostDeleteDialog
            postId={post.id}
            open={dialog === "delete"}
            onOpenChange={setOpen("delete")}
            onDeleted={onDeleted}
            onCloseAutoFocus={backToMenuButton}
          />
        </>
      ) : (
        safety.dialogs
      )}
    </>
  );
}
