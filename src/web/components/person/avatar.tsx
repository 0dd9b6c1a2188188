// A round profile picture, falling back to the person's initials.
import { clsx } from "clsx";
import { useState } from "react";
import { initials } from "../../../domain/full-name";

/** The name of a control showing a person's avatar: the initials the avatar shows when there is
 * no picture, then its action, so the name starts with the visible text (WCAG 2.5.3; axe
 * `label-content-name-mismatch`). */
export function avatarControlLabel(action: string, name: string): string {
  return `${initials(name)}: ${action}`;
}

export function Avatar({
  name,
  src,
  className,
  initialsClassName = "text-xs",
  alt = "",
}: {
  name: string;
  src: string | null | undefined;
  className?: string;
  /** Size of the initials, to suit the avatar's size. */
  initialsClassName?: string;
  /** Text for the picture when it carries meaning beyond the name next to it. */
  alt?: string;
}) {
  // Remember which address failed, so a new picture (after an upload) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  return (
    <span
      className={clsx(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-sky-700 font-semibold text-white",
        className,
      )}
    >
      {src && showImage ? (
        <img
          src={src}
          alt={alt}
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span aria-hidden="true" className={initialsClassName}>
          {initials(name)}
        </span>
      )}
    </span>
  );
}
