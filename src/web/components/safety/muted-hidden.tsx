// An item the reader's muted words match (docs/safety.md "Muted words"): a post, a comment or a
// message collapsed to one line, 'Hidden: matches a muted word', naming the words, with Show,
// which opens it for as long as it stays on screen. The focus then moves to what opened, so a
// keyboard user reads on from there.
import { clsx } from "clsx";
import { EyeOff } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../controls/button";

const quoted = (words: string[]) => words.map((word) => `“${word}”`).join(", ");

export function MutedHidden({
  mutedBy,
  className,
  children,
}: {
  /** The entries the item matches, as the server marked it; none: the item shows as it is. */
  mutedBy: string[] | undefined;
  /** The collapsed line's frame, in place of the item's own. */
  className?: string;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const opened = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) opened.current?.focus();
  }, [shown]);
  if (!mutedBy || mutedBy.length === 0) return children;
  if (shown) {
    return (
      <div ref={opened} tabIndex={-1} className="outline-none">
        {children}
      </div>
    );
  }
  return (
    <div
      className={clsx(
        "flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-neutral-600 dark:text-neutral-400",
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <EyeOff aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
        <span className="min-w-0 break-words">
          Hidden: matches a muted word <span className="text-xs">({quoted(mutedBy)})</span>
        </span>
      </p>
      <Button variant="secondary" className="shrink-0" onClick={() => setShown(true)}>
        Show
      </Button>
    </div>
  );
}
