// The composer on the signed-in home (spec-1 §2 feed, §3 posts): text up to 500 characters with
// an 'n/500' counter, up to four images picked, pasted or dropped (spec-2 §5 types, 8 MB each),
// each with its description (composer-images.tsx; posting one without asks first, as a prompt
// rather than a rule: docs/feed.md "Images"), and Post. A failure keeps the
// text and the images and says 'Failed to create post' (spec-1 §8); success clears the composer and
// the post appears at the top of the feed (posts.ts). 'Content warning' adds a warning that
// readers see in place of the post until they open it, and an image may be marked sensitive
// (docs/feed.md "Content warnings"). A link in the text brings its card, read by the server, with
// 'Remove preview' to post without it (docs/feed.md "Link previews"); a post with an image has none.
// 'Who can reply' chooses who may comment on it, everyone until changed (docs/safety.md "Who can
// reply and write").
import { clsx } from "clsx";
import { ImagePlus, TriangleAlert } from "lucide-react";
import {
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  useId,
  useState,
} from "react";
import type { SessionUser } from "../../../domain/contracts/auth";
import { displayName } from "../../../domain/display-name";
import { firstLink } from "../../../domain/first-link";
import { POST_MAX } from "../../../domain/post-slug";
import type { WhoMay } from "../../../domain/reply-controls";
import { Button } from "../../components/controls/button";
import { IconButton } from "../../components/controls/icon-button";
import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { Avatar } from "../../components/person/avatar";
import { LinkPreview } from "../../components/post/link-preview";
import { ReplyPolicySelect } from "../../components/post/reply-policy-select";
import { ContentWarningInput, SensitiveImageCheckbox } from "../../components/post/warning-fields";
import { errorMessage } from "../../lib/api";
import { IMAGE_ACCEPT } from "../../lib/image-files";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useLinkPreview } from "../../state/queries/link-previews";
import { CREATE_FAILED, useCreatePostMutation } from "../../state/queries/posts";
import { altFieldId, ComposerImages } from "./composer-images";
import { useComposerImages } from "./use-composer-images";

export const COMPOSER_LABEL = "What's happening?";
/** How long typing pauses before a link's card is asked for. */
const LINK_PAUSE_MS = 500;

export function PostComposer({ user }: { user: SessionUser }) {
  const [text, setText] = useState("");
  const pictures = useComposerImages();
  const hasImages = pictures.images.length > 0;
  /** Posting waits on the alt text prompt (an image has no description). */
  const [asking, setAsking] = useState(false);
  /** The warning's field is shown (its text is sent only then). */
  const [warned, setWarned] = useState(false);
  const [warning, setWarning] = useState("");
  const [sensitive, setSensitive] = useState(false);
  const [replyPolicy, setReplyPolicy] = useState<WhoMay>("everyone");
  /** The link whose card the author removed. */
  const [removedLink, setRemovedLink] = useState<string | null>(null);
  const create = useCreatePostMutation();
  const id = useId();
  const trimmed = text.trim();
  // The card follows the first link once typing pauses; none beside an image.
  const link = useDebouncedValue(hasImages ? null : firstLink(text), LINK_PAUSE_MS);
  const linkPreview = useLinkPreview(link !== null && link !== removedLink ? link : null);
  const card =
    linkPreview.data && !hasImages && linkPreview.data.url === firstLink(text)
      ? linkPreview.data
      : null;
  const canPost = trimmed !== "" && trimmed.length <= POST_MAX && !create.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ""; // picking the same file again still counts
    pictures.add(files);
  };
  // A pasted or dropped image joins the picked ones; pasted text stays text.
  const paste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files].filter((file) => file.type.startsWith("image/"));
    if (files.length === 0) return;
    event.preventDefault();
    pictures.add(files);
  };
  const drop = (event: DragEvent) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    pictures.add([...event.dataTransfer.files]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPost) return;
    if (pictures.images.some((image) => !image.alt.trim())) setAsking(true);
    else send();
  };

  const send = () => {
    setAsking(false);
    create.mutate(
      {
        content: trimmed,
        images: pictures.images.map(({ file, alt }) => ({ file, alt })),
        contentWarning: warned ? warning : "",
        imageSensitive: sensitive,
        linkPreviewId: card?.id ?? null,
        replyPolicy,
      },
      {
        onSuccess: () => {
          setText("");
          setRemovedLink(null);
          pictures.clear();
          setWarned(false);
          setWarning("");
          setSensitive(false);
          setReplyPolicy("everyone");
        },
        onError: (error) =>
          toast.error(CREATE_FAILED, { description: errorMessage(error, "") || undefined }),
      },
    );
  };

  return (
    <section
      aria-label="New post"
      className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <form
        onSubmit={submit}
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
        className="flex gap-3"
      >
        <Avatar name={displayName(user)} src={user.profileImageUrl} className="size-10" />
        <div className="min-w-0 flex-1">
          {warned ? (
            <div className="mb-3">
              <ContentWarningInput value={warning} onChange={setWarning} />
            </div>
          ) : null}
          <label htmlFor={id} className="sr-only">
            {COMPOSER_LABEL}
          </label>
          <textarea
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPaste={paste}
            maxLength={POST_MAX}
            rows={3}
            placeholder={COMPOSER_LABEL}
            aria-describedby={`${id}-count`}
            className="block w-full resize-none rounded-xl border border-neutral-200 bg-neutral-50 px-3 py-2 text-base leading-6 placeholder:text-neutral-500 focus:border-sky-500 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-neutral-800 dark:bg-neutral-950 dark:placeholder:text-neutral-400"
          />
          <ComposerImages
            formId={id}
            images={pictures.images}
            onRemove={pictures.remove}
            onDescribe={pictures.describe}
          />
          {hasImages ? (
            <SensitiveImageCheckbox checked={sensitive} onChange={setSensitive} />
          ) : null}
          {card ? <LinkPreview card={card} onRemove={() => setRemovedLink(card.url)} /> : null}
          {linkPreview.isFetching && !card ? (
            <p role="status" className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
              Loading link preview…
            </p>
          ) : null}
          {pictures.problem ? (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              {pictures.problem}
            </p>
          ) : null}
          <div className="mt-3">
            <ReplyPolicySelect value={replyPolicy} onChange={setReplyPolicy} />
          </div>
          <div className="mt-2 flex items-center gap-3">
            <label className="flex size-10 cursor-pointer items-center justify-center rounded-full text-sky-700 hover:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500 dark:text-sky-400 dark:hover:bg-neutral-800">
              <ImagePlus aria-hidden="true" size={20} />
              <span className="sr-only">Add images</span>
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                onChange={pick}
                disabled={pictures.full}
                className="sr-only"
              />
            </label>
            <IconButton
              label="Content warning"
              aria-pressed={warned}
              onClick={() => setWarned(!warned)}
              className={clsx(warned && "bg-amber-100 dark:bg-amber-950")}
            >
              <TriangleAlert aria-hidden="true" size={20} />
            </IconButton>
            <span
              id={`${id}-count`}
              className={clsx(
                "ml-auto text-xs tabular-nums",
                text.length >= POST_MAX
                  ? "text-red-600 dark:text-red-400"
                  : "text-neutral-500 dark:text-neutral-400",
              )}
            >
              {text.length}/{POST_MAX}
            </span>
            <Button type="submit" disabled={!canPost} busy={create.isPending}>
              Post
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Post without a description?"
        description="Add a description so people using screen readers know what's in the image."
        confirmLabel="Post anyway"
        cancelLabel="Add description"
        confirmVariant="primary"
        busy={false}
        onConfirm={send}
        onCloseAutoFocus={(event) => {
          // Back to the first image still without a description, unless the post went.
          const missing = pictures.images.find((image) => !image.alt.trim());
          const field = missing && document.getElementById(altFieldId(id, missing.key));
          if (!field || create.isPending) return;
          event.preventDefault();
          field.focus();
        }}
      />
    </section>
  );
}
