// The composer's images (docs/feed.md "Images"): each picked image as a thumbnail with Remove
// and its 'Add description' field (the alt text readers' screen readers read, at most 1,500
// characters), in the order they will show.
import { X } from "lucide-react";
import { IMAGE_ALT_MAX } from "../../../domain/limits";
import { IconButton } from "../../components/controls/icon-button";
import type { ComposerImage } from "./use-composer-images";
import { useObjectUrl } from "./use-object-url";

/** The id of an image's description field, so the alt text prompt can take the author there. */
export const altFieldId = (formId: string, key: number) => `${formId}-alt-${key}`;

export function ComposerImages({
  formId,
  images,
  onRemove,
  onDescribe,
}: {
  formId: string;
  images: ComposerImage[];
  onRemove: (key: number) => void;
  onDescribe: (key: number, alt: string) => void;
}) {
  if (images.length === 0) return null;
  return (
    <ul aria-label="Images to post" className="mt-3 flex flex-col gap-3">
      {images.map((image, index) => (
        <ComposerImageItem
          key={image.key}
          image={image}
          number={index + 1}
          fieldId={altFieldId(formId, image.key)}
          onRemove={() => onRemove(image.key)}
          onDescribe={(alt) => onDescribe(image.key, alt)}
        />
      ))}
    </ul>
  );
}

function ComposerImageItem({
  image,
  number,
  fieldId,
  onRemove,
  onDescribe,
}: {
  image: ComposerImage;
  number: number;
  fieldId: string;
  onRemove: () => void;
  onDescribe: (alt: string) => void;
}) {
  const preview = useObjectUrl(image.file);
  return (
    <li className="flex gap-3">
      <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-800">
        {preview ? (
          <img
            src={preview}
            alt={`Preview of ${image.file.name}`}
            className="size-full object-cover"
          />
        ) : null}
        <IconButton
          label={`Remove image ${number}`}
          tone="overlay"
          size="sm"
          onClick={onRemove}
          className="absolute top-1 right-1 size-7"
        >
          <X aria-hidden="true" size={16} />
        </IconButton>
      </div>
      <div className="min-w-0 flex-1">
        <label
          htmlFor={fieldId}
          className="text-sm font-medium text-neutral-700 dark:text-neutral-300"
        >
          Description of image {number}
        </label>
        <textarea
          id={fieldId}
          value={image.alt}
          onChange={(event) => onDescribe(event.target.value)}
          maxLength={IMAGE_ALT_MAX}
          rows={2}
          placeholder="Add description"
          className="mt-1 block w-full resize-y rounded-lg border border-neutral-200 bg-neutral-50 px-2.5 py-1.5 text-sm leading-5 placeholder:text-neutral-500 focus:border-sky-500 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-neutral-800 dark:bg-neutral-950 dark:placeholder:text-neutral-400"
        />
      </div>
    </li>
  );
}
