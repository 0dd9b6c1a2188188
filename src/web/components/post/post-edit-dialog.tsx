// 'Edit post' (spec-1 §2, §5): the text in a textarea with Cancel and Save; Save does nothing when
// the trimmed text is empty. Its content warning (blank removes it) and, for a post with an image,
// whether the image is sensitive, change with it (docs/feed.md "Content warnings"). On failure the
// dialog stays open with the text (posts.ts toasts).
import { type FormEvent, useEffect, useId, useState } from "react";
import type { PostView } from "../../../domain/contracts/posts";
import { POST_MAX } from "../../../domain/post-slug";
import { useEditPostMutation } from "../../state/queries/posts";
import { Button } from "../controls/button";
import { Dialog } from "../dialog/dialog";
import { inputClass } from "../form/text-field";
import { ContentWarningInput, SensitiveImageCheckbox } from "./warning-fields";

interface PostEditDialogProps {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the menu button). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function PostEditDialog({
  post,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: PostEditDialogProps) {
  const [text, setText] = useState(post.content);
  const [warning, setWarning] = useState(post.contentWarning ?? "");
  const [sensitive, setSensitive] = useState(post.imageSensitive);
  const edit = useEditPostMutation();
  const id = useId();

  // Each opening starts from the post as it is now.
  useEffect(() => {
    if (!open) return;
    setText(post.content);
    setWarning(post.contentWarning ?? "");
    setSensitive(post.imageSensitive);
  }, [open, post.content, post.contentWarning, post.imageSensitive]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    const contentWarning = warning.trim();
    if (content === "" || edit.isPending) return;
    if (
      content === post.content &&
      contentWarning === (post.contentWarning ?? "") &&
      sensitive === post.imageSensitive
    ) {
      onOpenChange(false);
      return;
    }
    edit.mutate(
      { postId: post.id, content, contentWarning, imageSensitive: sensitive },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit post"
      description="Change the text of your post."
      hideDescription
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={save} className="space-y-3">
        <ContentWarningInput value={warning} onChange={setWarning} />
        <label htmlFor={id} className="sr-only">
          Post text
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={POST_MAX}
          rows={5}
          aria-describedby={`${id}-count`}
          className={`${inputClass} resize-y py-2.5 leading-6`}
        />
        <p
          id={`${id}-count`}
          className="text-right text-xs text-neutral-500 tabular-nums dark:text-neutral-400"
        >
          {text.length}/{POST_MAX}
        </p>
        {post.images.length > 0 ? (
          <SensitiveImageCheckbox checked={sensitive} onChange={setSensitive} />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={edit.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
