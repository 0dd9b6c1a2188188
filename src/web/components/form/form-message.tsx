// An inline message under a form: errors are announced, notices are polite.
import { clsx } from "clsx";
import type { ReactNode } from "react";

export function FormMessage({
  tone = "error",
  children,
}: {
  tone?: "error" | "info";
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx(
        "rounded-xl px-3 py-2 text-sm",
        tone === "error"
          ? "bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300"
          : "bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-200",
      )}
    >
      {children}
    </div>
  );
}
