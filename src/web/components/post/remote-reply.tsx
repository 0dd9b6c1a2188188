// Reply to a post from elsewhere (docs/federation.md "Replies"): a Reply button under the card
// opens a box; the reply goes to the author's server, and the box closes with a toast saying so. A
// failure keeps the text and says why under the box.
import { MessageCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { PostView } from "../../../domain/contracts/posts";
import { COMMENT_MAX } from "../../../domain/limits";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useRemoteReplyMutation } from "../../state/queries/remote-replies";
import { Button } from "../controls/button";
import { inputClass } from "../form/text-field";

const replyButtonClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm text-neutral-500 hover:bg-sky-50 hover:text-sky-700 dark:text-neutral-400 dark:hover:bg-sky-950/40 dark:hover:text-sky-400";

export function RemoteReplyButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <button type="button" aria-expanded={open} onClick={onOpen} className={replyButtonClass}>
      <MessageCircle aria-hidden="true" size={18} />
      Reply
    </button>
  );
}

export function RemoteReplyForm({ post, onClose }: { post: PostView; onClose: () => void }) {
  const [text, setText] = useState("");
  const send = useRemoteReplyMutation(post.id);
  const failure = send.isError
    ? `${errorMessage(send.error, "Could not send your reply.")} Your text is still here.`
    : null;
  const id = useId();
  const handle = post.remote?.handle ?? post.author.handle;
  const trimmed = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "" || send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: () => {
        toast.success(`Reply sent to @${handle}`);
        onClose();
      },
    });
  };

  return (
    <form onSubmit={submit} className="mt-2 flex flex-col gap-2 pb-3">
      <label htmlFor={id} className="sr-only">
        {`Reply to @${handle}`}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`Reply to @${handle}`}
        maxLength={COMMENT_MAX}
        rows={3}
        // biome-ignore lint/a11y/noAutofocus: opened by pressing Reply, so typing is the next step
        autoFocus
        className={`${inputClass} resize-y py-2.5 leading-6`}
      />
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={trimmed === ""} busy={send.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
