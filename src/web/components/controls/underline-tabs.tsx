// A row of tab labels over a rule, the chosen one underlined (moderation; a row of one tab alone:
// one-tab.tsx). On a narrow screen the row scrolls sideways rather than widening the page.
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { listClass, tabClass } from "./one-tab";

export function UnderlineTabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tabs.List aria-label={label} className={`${listClass} overflow-x-auto [scrollbar-width:none]`}>
      {children}
    </Tabs.List>
  );
}

export function UnderlineTab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger value={value} className={`${tabClass} shrink-0 whitespace-nowrap`}>
      {children}
    </Tabs.Trigger>
  );
}
