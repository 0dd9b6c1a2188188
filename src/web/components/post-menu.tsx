// The 'Post options' menu (spec-1 §2): Copy link for everyone (origin + /{handle}/{slug}), Edit
// and Delete for the author only. The dialogs live outside the menu so they outlast it.
import { Link2, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { toast } from "sonner";
import type { PostView } from "../../domain/contracts/posts";
import { useSessionUser } from "../state/queries/session";
import { IconButton } from "./icon-button";
import { mainLandmark } from "./landmarks";
import { PostDeleteDialog } from "./post-delete-dialog";
import { PostEditDialog } from "./post-edit-dialog";

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm font-medium outline-none select-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800";

async function copyLink(path: string) {
  try {
    await navigator.clipboard.writeText(`${window.location.origin}${path}`);
    toast.success("Link copied");
  } catch (error) {
    console.error("Copy link failed", error);
    toast.error("Could not copy the link");
  }
}

/** Whether the signed-in viewer wrote the post (live posts arrive with isAuthor unset). */
export function useIsAuthor(post: PostView): boolean {
  const { user } = useSessionUser();
  return post.isAuthor || (Boolean(user) && user?.id === post.author.userId);
}

export function PostMenu({ post, onDeleted }: { post: PostView; onDeleted?: () => void }) {
  const isAuthor = useIsAuthor(post);
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const setOpen = (which: "edit" | "delete") => (open: boolean) => setDialog(open ? which : null);
  const backToMenuButton = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <IconButton ref={trigger} label="Post options" size="sm" className="-mt-1 -mr-2">
            <MoreHorizontal aria-hidden="true" size={18} />
          </IconButton>
        </DropdownMenu.Trigger>
        {/* Inside <main>, so the open menu sits in a landmark like the post it belongs to. */}
        <DropdownMenu.Portal container={mainLandmark()}>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-44 rounded-xl border border-neutral-200 bg-white p-1 text-neutral-900 shadow-lg dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => void copyLink(post.path)}>
              <Link2 aria-hidden="true" size={16} />
              Copy link
            </DropdownMenu.Item>
            {isAuthor ? (
              <>
                <DropdownMenu.Item className={itemClass} onSelect={() => setDialog("edit")}>
                  <Pencil aria-hidden="true" size={16} />
                  Edit
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={`${itemClass} text-red-600 dark:text-red-400`}
                  onSelect={() => setDialog("delete")}
                >
                  <Trash2 aria-hidden="true" size={16} />
                  Delete
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {isAuthor ? (
        <>
          <PostEditDialog
            post={post}
            open={dialog === "edit"}
            onOpenChange={setOpen("edit")}
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
      ) : null}
    </>
  );
}
