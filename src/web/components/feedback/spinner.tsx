// Loading indicator with an accessible name.
import { clsx } from "clsx";

export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx("flex items-center justify-center py-16", className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-neutral-300 border-t-sky-600 dark:border-neutral-700 dark:border-t-sky-400"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
