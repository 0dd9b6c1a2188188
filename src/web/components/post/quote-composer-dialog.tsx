// The quote composer (docs/feed.md "Reposts and quotes"): what the reader says about a post, the
// post's card under the text with 'Remove quote' (then it posts as a plain post), a 'n/500'
// counter and Post. A post from elsewhere is quoted the same way (sent as `quoteNote`). A failure
// keeps the text and says why (posts.ts); success closes it and the quote appears at the top of the
// feed.
import { type FormEvent, useEffect, useId, useState } from "react";
import type { PostView, QuotedPostView } from "../../../domain/contracts/posts";
import { POST_MAX } from "../../../domain/post-slug";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { CREATE_FAILED, useCreatePostMutation } from "../../state/queries/posts";
import { Button } from "../controls/button";
import { Dialog } from "../dialog/dialog";
import { inputClass } from "../form/text-field";
import { QuoteCard } from "./quote-card";

/** The card the composer shows of the post being quoted. */
const cardOf = (post: PostView): QuotedPostView => ({
  unavailable: false,
  id: post.id,
  author: post.author,
  content: post.content,
  contentWarning: post.contentWarning,
  image: post.images[0] ?? null,
  imageSensitive: post.imageSensitive,
  path: post.path,
  createdAt: post.createdAt,
});

export function QuoteComposerDialog({
  post,
  open,
  onOpenChange,
}: {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState("");
  const [quoting, setQuoting] = useState(true);
  const create = useCreatePostMutation();
  const id = useId();
  const trimmed = text.trim();
  const canPost = trimmed !== "" && trimmed.length <= POST_MAX && !create.isPending;

  // Each opening starts afresh, quoting the post.
  useEffect(() => {
    if (!open) return;
    setText("");
    setQuoting(true);
  }, [open]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!canPost) return;
    create.mutate(
      {
        content: trimmed,
        images: [],
        quoteOf: quoting && !post.remote ? post.id : null,
        quoteNote: quoting && post.remote ? post.id : null,
      },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) =>
          toast.error(CREATE_FAILED, { description: errorMessage(error, "") || undefined }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Quote post"
      description="Say something about this post; it shows under your words."
      hideDescription
      layout="sheet"
    >
      <form onSubmit={send} className="space-y-3 px-5 pb-5">
        <label htmlFor={id} className="sr-only">
          Your words about the post
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={POST_MAX}
          rows={3}
          placeholder="Add a comment"
          aria-describedby={`${id}-count`}
          className={`${inputClass} resize-y py-2.5 leading-6`}
        />
        {quoting ? <QuoteCard card={cardOf(post)} onRemove={() => setQuoting(false)} /> : null}
        <div className="flex items-center justify-end gap-2">
          <span
            id={`${id}-count`}
            className="mr-auto text-xs text-neutral-500 tabular-nums dark:text-neutral-400"
          >
            {text.length}/{POST_MAX}
          </span>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canPost} busy={create.isPending}>
            Post
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
