// The line above a post shown among its author's pinned posts at the top of their profile
// (docs/feed.md "Pinned posts").
import { Pin } from "lucide-react";

export function PinnedLabel() {
  return (
    <p className="mb-1 flex items-center gap-2 pl-7 text-sm font-medium text-neutral-500 dark:text-neutral-400">
      <Pin aria-hidden="true" className="size-4 shrink-0" />
      Pinned
    </p>
  );
}
