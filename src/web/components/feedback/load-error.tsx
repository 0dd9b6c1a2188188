// The one 'could not load' block (STYLE.md "Shared UI shells"): the screen's own message, announced
// as an alert, and a Retry button that stays busy while the new attempt runs.
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Button } from "../controls/button";

interface LoadErrorProps {
  /** The screen's own words, e.g. 'Failed to load posts'. */
  message: string;
  /** A second line under the message. */
  hint?: ReactNode;
  onRetry: () => void;
  retrying: boolean;
  /** The message is the page's heading (h1): the whole screen failed to load. */
  heading?: boolean;
  className?: string;
}

export function LoadError({
  message,
  hint,
  onRetry,
  retrying,
  heading = false,
  className,
}: LoadErrorProps) {
  return (
    <div className={clsx("flex flex-col items-center gap-3 text-center", className)}>
      {heading ? (
        // The alert around the heading: on the h1 itself, role="alert" would replace its heading role.
        <div role="alert">
          <h1 className="text-xl font-bold">{message}</h1>
        </div>
      ) : (
        <p role="alert" className="font-semibold">
          {message}
        </p>
      )}
      {hint ? <p className="text-neutral-600 dark:text-neutral-400">{hint}</p> : null}
      <Button variant={heading ? "primary" : "secondary"} busy={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
