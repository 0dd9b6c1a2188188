// One card of Settings: a section named by its h2. The heading takes the focus (tabIndex -1) when
// the row that held it goes away, so the focus stays in the section rather than at the page's start.
import type { ReactNode, Ref } from "react";
import { useId } from "react";

interface SettingsSectionProps {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

export function SettingsSection({ title, headingRef, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl border border-neutral-200 bg-white px-5 py-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-lg font-bold outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}
