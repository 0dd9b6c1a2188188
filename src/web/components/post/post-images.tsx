// A post's images, ours or from elsewhere (docs/profiles-and-media.md "Post images", docs/feed.md
// "Images"): one is shown whole at its own shape (image-shape.ts), two sit side by side, three
// are one tall and two small, four a 2×2 grid. Each carries its description as alt text and, when
// it has one, an ALT badge that shows it; a click opens the viewer (image-viewer.tsx). A
// sensitive post's grid is blurred as one (sensitive-media.tsx).
import { clsx } from "clsx";
import { lazy, Suspense, useState } from "react";
import type { PostImageView } from "../../../domain/contracts/posts";
import { AltBadge } from "./alt-badge";
import { FRAME, imageAlt, knownShape } from "./image-shape";
import { SensitiveMedia } from "./sensitive-media";

const ImageViewer = lazy(() => import("./image-viewer"));

/** `large`: the post's own page and `lead`: a list's first post, whose first image is likely the
 * page's largest paint, so it is fetched at once. */
export function PostImages({
  images,
  sensitive,
  large = false,
  lead = false,
}: {
  images: PostImageView[];
  sensitive: boolean;
  large?: boolean;
  lead?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const [first] = images;
  if (!first) return null;
  const now = large || lead;
  // A lone image of known size at its own shape; else the shared 16:10 frame (image-shape.ts).
  const own = images.length === 1 && knownShape(first);
  return (
    <SensitiveMedia sensitive={sensitive} className="mt-3">
      <ul
        aria-label={images.length === 1 ? "Image" : `${images.length} images`}
        className={clsx(
          "grid gap-0.5 overflow-hidden rounded-2xl border border-neutral-200 dark:border-neutral-800",
          own ? "w-fit max-w-full" : "aspect-[16/10] max-h-96 w-full",
          images.length > 1 && "grid-cols-2",
          images.length > 2 && "grid-rows-2",
        )}
      >
        {images.map((image, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a post's images never move, and one image posted twice has one URL
            key={`${index}-${image.url}`}
            className={clsx(
              "relative min-h-0 min-w-0",
              images.length === 3 && index === 0 && "row-span-2",
            )}
          >
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={
                images.length === 1 ? "Open image" : `Open image ${index + 1} of ${images.length}`
              }
              className="block size-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500"
            >
              <img
                src={image.url}
                alt={imageAlt(image)}
                width={own ? (image.width ?? undefined) : FRAME.width}
                height={own ? (image.height ?? undefined) : FRAME.height}
                loading={now ? "eager" : "lazy"}
                fetchPriority={now && index === 0 ? "high" : undefined}
                className={clsx(
                  "max-h-96 bg-neutral-100 dark:bg-neutral-900",
                  own ? "block h-auto w-auto max-w-full" : "size-full object-cover",
                )}
              />
            </button>
            {image.alt ? <AltBadge alt={image.alt} /> : null}
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <ImageViewer images={images} index={open} onIndexChange={setOpen} />
        </Suspense>
      ) : null}
    </SensitiveMedia>
  );
}
