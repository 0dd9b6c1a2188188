// How a post's images are framed (post-images.tsx, docs/feed.md "Images"): a lone image with a
// known size is shown whole at its own shape, as wide as the column and at most 96 units tall
// (spec-1 §9); several, or one whose size is unknown (posted before sizes were kept, or from
// elsewhere), share a 16:10 frame sized before the pictures arrive.
import type { PostImageView } from "../../../domain/contracts/posts";

/** The shared frame's size, given as the pictures' width and height so nothing below moves. */
export const FRAME = { width: 800, height: 500 };

/** Whether a lone image can be shown at its own shape: its stored size is known. */
export const knownShape = ({ width, height }: Pick<PostImageView, "width" | "height">) =>
  Boolean(width && height);

/** Said of an image whose author gave no description. */
const NO_DESCRIPTION = "Image attached to the post";

/** The image's alt text: its description, or a plain word that there is an image. */
export const imageAlt = ({ alt }: Pick<PostImageView, "alt">): string => alt || NO_DESCRIPTION;
