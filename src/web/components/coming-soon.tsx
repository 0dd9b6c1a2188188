// The one way a screen says that part of the product is not built yet: a 'Coming soon' label
// before what is coming, so nothing unbuilt reads as working.
import { clsx } from "clsx";
import type { ReactNode } from "react";

export function ComingSoon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={clsx("text-sm text-neutral-600 dark:text-neutral-400", className)}>
      <strong className="mr-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        Coming soon
      </strong>
      {children}
    </p>
  );
}
