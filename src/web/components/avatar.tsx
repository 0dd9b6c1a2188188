// A round profile picture, falling back to the person's initials.
import { clsx } from "clsx";
import { useState } from "react";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : (parts[0]?.slice(0, 2) ?? "?")
  ).toUpperCase();
}

export function Avatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null | undefined;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={clsx(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-sky-700 font-semibold text-white",
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true" className="text-xs">
          {initials(name)}
        </span>
      )}
    </span>
  );
}
