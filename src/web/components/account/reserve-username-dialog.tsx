// The Reserve Username dialog (reserve-username.tsx), kept out of the first download
// (docs/performance.md "Initial JavaScript"): its code loads as it first opens, as the dialog's
// shell does (components/dialog/dialog.tsx), and a dialog never opened draws nothing.
import { laterComponent, useLaterComponent } from "../../lib/later-component";
import type { ReserveUsernameDialogProps } from "./reserve-username";

const dialog = laterComponent<ReserveUsernameDialogProps>(() => import("./reserve-username"));

export function ReserveUsernameDialog(props: ReserveUsernameDialogProps) {
  const [Loaded] = useLaterComponent(dialog, props.open);
  return Loaded ? <Loaded {...props} /> : null;
}
