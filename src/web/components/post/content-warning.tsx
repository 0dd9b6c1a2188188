// A post behind its content warning (docs/feed.md "Content warnings"): the warning, and a
// 'Show more' button that opens the text and images below it ('Show less' closes them again).
// The reader's 'Always expand posts with content warnings' opens every one as it first shows.
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useExpandContentWarnings } from "../../state/queries/reading-settings";

export function ContentWarning({
  warning,
  children,
}: {
  /** null: no warning, the content shows as it is. */
  warning: string | null;
  children: ReactNode;
}) {
  if (warning === null) return children;
  return <Warned warning={warning}>{children}</Warned>;
}

function Warned({ warning, children }: { warning: string; children: ReactNode }) {
  const expandAll = useExpandContentWarnings();
  // Undefined until the reader opens or closes it: until then the setting decides, also when it
  // arrives after the post.
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const open = chosen ?? expandAll;
  const id = useId();
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
        <p className="flex min-w-0 flex-1 items-start gap-2 break-words">
          <TriangleAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
          <span>
            <span className="sr-only">Content warning: </span>
            {warning}
          </span>
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setChosen(!open)}
          className="min-h-9 shrink-0 rounded-full border border-amber-400 bg-white px-3 text-sm font-semibold text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-amber-700 dark:bg-amber-900 dark:text-amber-50 dark:hover:bg-amber-800"
        >
          {open ? "Show less" : "Show more"}
        </button>
      </div>
      <div id={id} hidden={!open} className="mt-2">
        {open ? children : null}
      </div>
    </>
  );
}
