// Dialogs (STYLE.md "Shared UI shells"). The shell, on Radix Dialog (dialog-shell.tsx), is kept out
// of the first download (docs/performance.md "Initial JavaScript"): it loads once someone uses the
// page (main.tsx), or as a dialog first opens before that; a dialog never opened draws nothing.
import { useState } from "react";
import { laterComponent, useLaterComponent } from "../../lib/later-component";
import type { DialogProps } from "./dialog-props";

const shell = laterComponent<DialogProps>(() => import("./dialog-shell"));

/** Loads the shell (main.tsx, once someone uses the page). */
export const loadDialogShell = shell.load;

export function Dialog(props: DialogProps) {
  const [Shell] = useLaterComponent(shell, props.open);
  // Drawn from its first opening on (then it stays, so it can close as Radix closes it): a list's
  // many closed dialogs draw nothing when the shell loads (docs/performance.md "Lighthouse").
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return Shell && opened ? <Shell {...props} /> : null;
}
