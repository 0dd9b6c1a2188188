// An image its author marked sensitive, or of a post with a content warning (docs/feed.md
// "Content warnings"): blurred under a 'Sensitive content — show' button until the reader clicks
// it; 'Hide' blurs it again. Hidden, the picture is kept from screen readers, which read the button.
import { clsx } from "clsx";
import { EyeOff } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { PostView } from "../../../domain/contracts/posts";

/** A post's images are hidden when its author marked them, or when it has a content warning. */
export const imagesSensitive = (post: PostView) =>
  post.imageSensitive || post.contentWarning !== null;

/** `className` places the media (its margin), hidden or not. */
export function SensitiveMedia({
  sensitive,
  children,
  className,
}: {
  sensitive: boolean;
  children: ReactNode;
  className?: string;
}) {
  const [shown, setShown] = useState(false);
  if (!sensitive) return <div className={className}>{children}</div>;
  return (
    <div className={clsx("relative overflow-hidden rounded-2xl", className)}>
      <div
        aria-hidden={shown ? undefined : true}
        // Hidden, its images' buttons (post-images.tsx) are out of the tab order too.
        inert={!shown}
        className={clsx(!shown && "pointer-events-none blur-2xl select-none")}
      >
        {children}
      </div>
      {shown ? (
        <button
          type="button"
          onClick={() => setShown(false)}
          aria-label="Hide sensitive image"
          className="absolute top-2 left-2 flex min-h-8 items-center gap-1 rounded-full bg-black/70 px-3 text-xs font-semibold text-white hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
        >
          <EyeOff aria-hidden="true" size={14} />
          Hide
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setShown(true)}
          aria-label="Sensitive content — show image"
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-2xl bg-neutral-900/40 text-white hover:bg-neutral-900/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
        >
          <span className="rounded-full bg-black/70 px-4 py-2 text-sm font-semibold">
            Sensitive content — show
          </span>
        </button>
      )}
    </div>
  );
}
