// The top row of the right pane: on a phone, 'Back to Mail' to the thread list (spec-1 §2, one
// pane at a time below 768 px); then the pane's own heading, which takes the focus when the pane
// replaces the list.
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/controls/button";

interface PaneHeaderProps {
  /** Shown on phones only: back to the thread list. */
  onBack: (() => void) | undefined;
  children: ReactNode;
}

export function PaneHeader({ onBack, children }: PaneHeaderProps) {
  return (
    <header className="flex min-h-16 shrink-0 flex-col border-b border-neutral-200 px-3 py-2 sm:px-4 dark:border-neutral-800">
      {onBack ? (
        <Button variant="ghost" onClick={onBack} className="-ml-2 self-start">
          <ArrowLeft aria-hidden="true" size={18} />
          Back to Mail
        </Button>
      ) : null}
      <div className="flex min-h-11 items-center gap-3">{children}</div>
    </header>
  );
}

/** The pane's heading (h2), focusable so the pane can be announced when it opens. */
export function PaneHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2
      id={id}
      tabIndex={-1}
      data-pane-heading=""
      className="truncate text-lg leading-tight font-bold outline-none"
    >
      {children}
    </h2>
  );
}
