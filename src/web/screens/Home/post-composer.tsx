// The composer on the signed-in home (spec-1 §2 feed, §3 posts): text up to 500 characters with
// an 'n/500' counter, an optional image (spec-2 §5 types, 8 MB), and Post. A failure keeps the
// text and the image and says 'Failed to create post' (spec-1 §8); success clears the composer and
// the post appears at the top of the feed (posts.ts).
import { clsx } from "clsx";
import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import type { SessionUser } from "../../../domain/contracts/auth";
import { displayName } from "../../../domain/display-name";
import { POST_MAX } from "../../../domain/post-slug";
import { Button } from "../../components/controls/button";
import { IconButton } from "../../components/controls/icon-button";
import { Avatar } from "../../components/person/avatar";
import { errorMessage } from "../../lib/api";
import {
  IMAGE_ACCEPT,
  imageFileProblem,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
} from "../../lib/image-files";
import { toast } from "../../lib/toast";
import { CREATE_FAILED, useCreatePostMutation } from "../../state/queries/posts";
import { useObjectUrl } from "./use-object-url";

export const COMPOSER_LABEL = "What's happening?";

export function PostComposer({ user }: { user: SessionUser }) {
  const [text, setText] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const preview = useObjectUrl(image);
  const create = useCreatePostMutation();
  const id = useId();
  const trimmed = text.trim();
  const canPost = trimmed !== "" && trimmed.length <= POST_MAX && !create.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // picking the same file again still counts
    if (!file) return;
    const problem = imageFileProblem(file, {
      maxBytes: PICTURE_MAX_BYTES,
      tooLarge: PICTURE_TOO_LARGE,
    });
    setImageProblem(problem);
    if (!problem) setImage(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPost) return;
    create.mutate(
      { content: trimmed, image },
      {
        onSuccess: () => {
          setText("");
          setImage(null);
          setImageProblem(null);
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
      <form onSubmit={submit} className="flex gap-3">
        <Avatar name={displayName(user)} src={user.profileImageUrl} className="size-10" />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            {COMPOSER_LABEL}
          </label>
          <textarea
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={POST_MAX}
            rows={3}
            placeholder={COMPOSER_LABEL}
            aria-describedby={`${id}-count`}
            className="block w-full resize-none rounded-xl border border-neutral-200 bg-neutral-50 px-3 py-2 text-base leading-6 placeholder:text-neutral-500 focus:border-sky-500 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-neutral-800 dark:bg-neutral-950 dark:placeholder:text-neutral-400"
          />
          {image && preview ? (
            <div className="relative mt-3">
              <img
                src={preview}
                alt={`Preview of ${image.name}`}
                className="max-h-96 w-full rounded-2xl object-cover"
              />
              <IconButton
                label="Remove image"
                tone="overlay"
                size="sm"
                onClick={() => setImage(null)}
                className="absolute top-2 right-2"
              >
                <X aria-hidden="true" size={18} />
              </IconButton>
            </div>
          ) : null}
          {imageProblem ? (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              {imageProblem}
            </p>
          ) : null}
          <div className="mt-3 flex items-center gap-3">
            <label className="flex size-10 cursor-pointer items-center justify-center rounded-full text-sky-700 hover:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500 dark:text-sky-400 dark:hover:bg-neutral-800">
              <ImagePlus aria-hidden="true" size={20} />
              <span className="sr-only">Add image</span>
              <input type="file" accept={IMAGE_ACCEPT} onChange={pick} className="sr-only" />
            </label>
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
    </section>
  );
}
