// Dialogs (STYLE.md "Shared UI shells"). The shell, on Radix Dialog (dialog-shell.tsx), is kept out
// of the first download (docs/performance.md "Initial JavaScript"): it loads when the browser is
// first idle, or as a dialog first opens before that; a dialog never opened draws nothing.
import { type ReactNode, useState } from "react";
import { laterComponent, useLaterComponent } from "../lib/later-component";

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

const shell = laterComponent<DialogProps>(() => import("./dialog-shell"));

/** Loads the shell (main.tsx, when idle). */
export const loadDialogShell = shell.load;

export function Dialog(props: DialogProps) {
  const [Shell] = useLaterComponent(shell, props.open);
  // Drawn from its first opening on (then it stays, so it can close as Radix closes it): a list's
  // many closed dialogs draw nothing when the shell loads (docs/performance.md "Lighthouse").
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return Shell && opened ? <Shell {...props} /> : null;
}
