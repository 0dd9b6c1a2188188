// Page column used by every screen: centred, readable width, comfortable padding on phones.
import { clsx } from "clsx";
import type { ReactNode } from "react";

export function Page({
  children,
  width = "md",
  className,
}: {
  children: ReactNode;
  width?: "sm" | "md" | "lg";
  className?: string;
}) {
  return (
    <div
      className={clsx(
        "mx-auto w-full px-4 py-6 sm:py-10",
        width === "sm" && "max-w-md",
        width === "md" && "max-w-2xl",
        width === "lg" && "max-w-4xl",
        className,
      )}
    >
      {children}
    </div>
  );
}
