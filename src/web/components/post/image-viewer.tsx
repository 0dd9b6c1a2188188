// The viewer a post's image opens in (docs/feed.md "Images"): the image whole, its description
// under it, and for several images Previous and Next, the ← and → keys and a swipe on a touch
// screen. The dialog shell keeps the focus inside, closes on Escape and gives the focus back to
// the image that opened it (dialog-shell.tsx).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type PointerEvent, useEffect, useRef } from "react";
import type { PostImageView } from "../../../domain/contracts/posts";
import { IconButton } from "../controls/icon-button";
import { Dialog } from "../dialog/dialog";
import { imageAlt } from "./image-shape";

/** A horizontal drag at least this long (in CSS pixels) is a swipe to the next or previous image. */
const SWIPE_PX = 50;

export default function ImageViewer({
  images,
  index,
  onIndexChange,
}: {
  images: PostImageView[];
  index: number;
  /** The image to show, or null to close. */
  onIndexChange: (index: number | null) => void;
}) {
  const image = images[index];
  const several = images.length > 1;
  const swipeFrom = useRef<number | null>(null);
  const go = (step: number) => {
    if (several) onIndexChange((index + step + images.length) % images.length);
  };
  // The keys act wherever the focus is in the dialog (its Close button first of all).
  useEffect(() => {
    if (!several) return;
    const keys = (event: KeyboardEvent) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      onIndexChange((index + step + images.length) % images.length);
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, [several, index, images.length, onIndexChange]);
  const down = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const up = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onIndexChange(null))}
      layout="media"
      title={several ? `Image ${index + 1} of ${images.length}` : "Image"}
      description={
        several
          ? "The left and right arrow keys move between the post's images."
          : "The post's image, whole."
      }
      hideDescription
    >
      <div
        onPointerDown={down}
        onPointerUp={up}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
        className="flex touch-pan-y flex-col gap-3"
      >
        {image ? (
          <img
            src={image.url}
            alt={imageAlt(image)}
            draggable={false}
            className="mx-auto max-h-[calc(92dvh-9rem)] w-auto max-w-full rounded-xl object-contain select-none"
          />
        ) : null}
        {image?.alt ? (
          <p className="max-h-24 overflow-y-auto px-2 text-sm leading-5 whitespace-pre-wrap break-words text-neutral-200">
            {image.alt}
          </p>
        ) : null}
        {several ? (
          <div className="flex items-center justify-center gap-4">
            <IconButton label="Previous image" tone="overlay" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden="true" size={20} />
            </IconButton>
            <span className="text-sm tabular-nums text-neutral-300">
              {index + 1} / {images.length}
            </span>
            <IconButton label="Next image" tone="overlay" onClick={() => go(1)}>
              <ChevronRight aria-hidden="true" size={20} />
            </IconButton>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
