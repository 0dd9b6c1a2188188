// A row of tab labels over a rule, the chosen one underlined (the profile's content, moderation).
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";

export function UnderlineTabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tabs.List
      aria-label={label}
      className="mb-4 flex gap-2 border-b border-neutral-200 dark:border-neutral-800"
    >
      {children}
    </Tabs.List>
  );
}

export function UnderlineTab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-neutral-600 hover:text-neutral-900 data-[state=active]:border-sky-600 data-[state=active]:text-neutral-900 dark:text-neutral-400 dark:hover:text-white dark:data-[state=active]:border-sky-400 dark:data-[state=active]:text-white"
    >
      {children}
    </Tabs.Trigger>
  );
}
