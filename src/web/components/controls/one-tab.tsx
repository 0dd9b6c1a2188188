// A row of one tab over its panel (the profile's posts), with the roles and look of the tab sets
// of underline-tabs.tsx but none of a tab set's machinery: Radix's panel measures its animation
// as it mounts, a style recalculation inside the first render's commit, and its code would ride
// in the first script (docs/performance.md "Lighthouse").
import { type ReactNode, useId } from "react";

export const listClass = "mb-4 flex gap-2 border-b border-neutral-200 dark:border-neutral-800";
export const tabClass =
  "-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-neutral-600 hover:text-neutral-900 data-[state=active]:border-sky-600 data-[state=active]:text-neutral-900 dark:text-neutral-400 dark:hover:text-white dark:data-[state=active]:border-sky-400 dark:data-[state=active]:text-white";

interface OneTabProps {
  /** The tab row's accessible name. */
  listLabel: string;
  label: string;
  children: ReactNode;
}

export function OneTab({ listLabel, label, children }: OneTabProps) {
  const id = useId();
  return (
    <>
      <div role="tablist" aria-label={listLabel} className={listClass}>
        <button
          type="button"
          role="tab"
          id={`${id}-tab`}
          aria-selected="true"
          aria-controls={`${id}-panel`}
          data-state="active"
          className={tabClass}
        >
          {label}
        </button>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab`}>
        {children}
      </div>
    </>
  );
}
