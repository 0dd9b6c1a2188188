// The Pictures strip of the edit form (spec-2 §2, §5): nine slots, each added, replaced or
// removed on its own and uploaded immediately. JPG/PNG/WEBP/HEIC/HEIF up to 8 MB.
import { ImageUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { IconButton } from "../../components/controls/icon-button";
import { FormMessage } from "../../components/form/form-message";
import { HiddenImageInput } from "../../components/form/hidden-image-input";
import { errorMessage } from "../../lib/api";
import { imageFileProblem, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "../../lib/image-files";
import { useDeletePictureMutation, useUploadPictureMutation } from "../../state/queries/profiles";

export function PicturesStrip({ profile }: { profile: ProfileView }) {
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<number | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPictureMutation(profile.userId);
  const remove = useDeletePictureMutation(profile.userId);

  const mark = (slot: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(slot);
      else next.delete(slot);
      return next;
    });

  const choose = (slot: number) => {
    target.current = slot;
    input.current?.click();
  };

  const onFile = (file: File | undefined) => {
    const slot = target.current;
    if (!file || slot === null) return;
    const refused = imageFileProblem(file, {
      maxBytes: PICTURE_MAX_BYTES,
      tooLarge: PICTURE_TOO_LARGE,
    });
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    mark(slot, true);
    upload.mutate(
      { slot, file },
      {
        onError: (error) =>
          setProblem(`Failed to upload image: ${errorMessage(error, "Upload failed")}`),
        onSettled: () => mark(slot, false),
      },
    );
  };

  const onRemove = (slot: number) => {
    setProblem(null);
    mark(slot, true);
    remove.mutate(slot, {
      onError: (error) =>
        setProblem(`Failed to delete image: ${errorMessage(error, "Delete failed")}`),
      onSettled: () => mark(slot, false),
    });
  };

  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-9">
        {profile.pictures.map((url, index) => {
          const slot = index + 1;
          const working = busy.has(slot);
          return (
            <li
              key={slot}
              className="relative aspect-square overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-950"
            >
              {url ? (
                <>
                  <img src={url} alt={`Slot ${slot}`} className="size-full object-cover" />
                  <div className="absolute inset-x-0 bottom-0 flex justify-between p-1">
                    <IconButton
                      label={`Replace picture ${slot}`}
                      title="Replace"
                      tone="overlay"
                      size="sm"
                      disabled={working}
                      onClick={() => choose(slot)}
                    >
                      <ImageUp aria-hidden="true" size={16} />
                    </IconButton>
                    <IconButton
                      label={`Remove picture ${slot}`}
                      title="Remove"
                      tone="overlay"
                      size="sm"
                      disabled={working}
                      onClick={() => onRemove(slot)}
                    >
                      <Trash2 aria-hidden="true" size={16} />
                    </IconButton>
                  </div>
                </>
              ) : (
                <button
                  type="button"
                  aria-label={`Add picture ${slot}`}
                  disabled={working}
                  onClick={() => choose(slot)}
                  className="flex size-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-neutral-300 text-neutral-500 hover:border-sky-500 hover:text-sky-600 dark:border-neutral-700 dark:text-neutral-400 dark:hover:border-sky-400 dark:hover:text-sky-400"
                >
                  <Plus aria-hidden="true" size={22} />
                  <span aria-hidden="true" className="text-xs font-medium">
                    {slot}
                  </span>
                </button>
              )}
              {working ? (
                <div
                  role="status"
                  className="absolute inset-0 flex items-center justify-center bg-white/70 dark:bg-neutral-950/70"
                >
                  <span
                    aria-hidden="true"
                    className="size-7 animate-spin rounded-full border-4 border-neutral-300 border-t-sky-600 dark:border-neutral-700 dark:border-t-sky-400"
                  />
                  <span className="sr-only">Saving picture {slot}</span>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        Up to 9 pictures: JPG, PNG, WEBP or HEIC, up to 8 MB each. Changes save right away.
      </p>
      {problem ? <FormMessage>{problem}</FormMessage> : null}
      <HiddenImageInput ref={input} name="picture" onFile={onFile} />
    </div>
  );
}
