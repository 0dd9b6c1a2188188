// The heading of a step that replaces another inside a Settings section: it takes the focus when
// it appears, so keyboard and screen-reader users start reading the new step from its top.
import { type ReactNode, useEffect, useRef } from "react";

export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
      {children}
    </h3>
  );
}
