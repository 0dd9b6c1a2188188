// What a dialog takes (dialog.tsx), apart from the component, so the shell that loads later
// (dialog-shell.tsx) reads the same props without importing the component that loads it.
import type { ReactNode } from "react";

/** card: a centred card. sheet: a bottom sheet on phones. page: full screen on phones. media: a
 * dark, wide frame for a picture. */
export type Layout = "card" | "sheet" | "page" | "media";
export type Width = "sm" | "md" | "lg";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The description is read by screen readers only. */
  hideDescription?: boolean;
  /** Asks to confirm something: role alertdialog, no Close button, a click outside does not
   * dismiss it (Escape and the caller's Cancel do). */
  alert?: boolean;
  layout?: Layout;
  /** Width from 640 px up, for card and sheet layouts. */
  width?: Width;
  /** Where focus goes on close, when the opener is gone (e.g. a menu item): preventDefault and
   * focus something else. By default focus returns to the opener. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}
