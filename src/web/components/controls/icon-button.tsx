// The one icon-only button (STYLE.md "Shared UI shells"): its accessible name is a required prop,
// since the icon says nothing to a screen reader, and its focus ring shows on every background.
import { clsx } from "clsx";
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

type Tone = "plain" | "inverse" | "overlay";
type Size = "sm" | "md";

const base =
  "relative inline-flex shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed disabled:opacity-60";
const tones: Record<Tone, string> = {
  /** On the page's own surface. */
  plain:
    "text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white",
  /** On the black header and other dark surfaces. */
  inverse: "text-white hover:bg-white/15",
  /** Over a picture. */
  overlay: "bg-black/70 text-white hover:bg-black/85",
};
const sizes: Record<Size, string> = { sm: "size-9", md: "size-10" };

interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label" | "children"> {
  /** What the button does, e.g. 'Close': its accessible name. */
  label: string;
  /** The icon (aria-hidden), and anything drawn over it such as a badge dot. */
  children: ReactNode;
  tone?: Tone;
  size?: Size;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({
  label,
  children,
  tone = "plain",
  size = "md",
  type = "button",
  className,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={clsx(base, tones[tone], sizes[size], className)}
      {...rest}
    >
      {children}
    </button>
  );
}
