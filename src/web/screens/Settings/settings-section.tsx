// One card of Settings: a section named by its h2. The heading takes the focus (tabIndex -1) when
// the row that held it goes away, so the focus stays in the section rather than at the page's start.
import { clsx } from "clsx";
import type { ReactNode, Ref } from "react";
import { useId } from "react";
import { LoadError } from "../../components/feedback/load-error";

export const muted = "text-neutral-600 dark:text-neutral-400";

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A section's list while it loads ('Loading...') or after it failed (with Retry); null once it
 * has loaded, for the section to show the list. */
export function listState(query: ListQuery, failed: string): ReactNode {
  if (query.isPending) {
    return (
      <p role="status" className={`py-6 text-center ${muted}`}>
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message={failed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-6"
      />
    );
  }
  return null;
}

interface SettingsSectionProps {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** A danger zone: what it does cannot be undone (red border and heading). */
  danger?: boolean;
  children: ReactNode;
}

export function SettingsSection({
  title,
  headingRef,
  danger = false,
  children,
}: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(
        "rounded-3xl border bg-white px-5 py-4 dark:bg-neutral-900",
        danger
          ? "border-red-300 dark:border-red-900"
          : "border-neutral-200 dark:border-neutral-800",
      )}
    >
      <h2
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className={clsx(
          "text-lg font-bold outline-none",
          danger && "text-red-700 dark:text-red-400",
        )}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
