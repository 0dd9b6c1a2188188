// The images a new post will carry (docs/profiles-and-media.md "Post images"): up to four picked,
// pasted or dropped files in order, each with the description its author writes, checked for
// type and size before anything is sent (lib/image-files.ts).
import { useState } from "react";
import { POST_IMAGES_MAX } from "../../../domain/limits";
import { imageFileProblem, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "../../lib/image-files";

export interface ComposerImage {
  /** Stable while it is shown (a file picked twice is two images). */
  key: number;
  file: File;
  alt: string;
}

const TOO_MANY = `A post can have at most ${POST_IMAGES_MAX} images.`;
let nextKey = 0;

export function useComposerImages() {
  const [images, setImages] = useState<ComposerImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  /** Takes the files that fit, in order; says why any were left out. */
  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    let refused: string | null = null;
    const room = POST_IMAGES_MAX - images.length;
    const taken: ComposerImage[] = [];
    for (const file of files) {
      const fileProblem = imageFileProblem(file, {
        maxBytes: PICTURE_MAX_BYTES,
        tooLarge: PICTURE_TOO_LARGE,
      });
      if (fileProblem) refused = fileProblem;
      else if (taken.length >= room) refused = TOO_MANY;
      else taken.push({ key: nextKey++, file, alt: "" });
    }
    setProblem(refused);
    if (taken.length > 0) setImages((shown) => [...shown, ...taken]);
  };

  return {
    images,
    problem,
    full: images.length >= POST_IMAGES_MAX,
    add,
    remove: (key: number) => {
      setProblem(null);
      setImages((shown) => shown.filter((image) => image.key !== key));
    },
    describe: (key: number, alt: string) =>
      setImages((shown) => shown.map((image) => (image.key === key ? { ...image, alt } : image))),
    clear: () => {
      setImages([]);
      setProblem(null);
    },
  };
}
