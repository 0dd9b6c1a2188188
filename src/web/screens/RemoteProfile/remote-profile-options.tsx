// The 'Profile options' menu of a person on another server: Report @name@server
// (docs/federation.md "Reports"), for someone signed in, as on a profile here
// (screens/Profile/profile-options-menu.tsx).
import { Flag } from "lucide-react";
import { useRef, useState } from "react";
import type { RemotePersonView } from "../../../domain/contracts/federation";
import { OptionsMenu } from "../../components/menu/options-menu";
import { OptionsMenuItem } from "../../components/menu/options-menu-item";
import { RemoteReportDialog } from "../../components/safety/remote-report-dialog";
import { useSessionUser } from "../../state/queries/session";

export function RemoteProfileOptions({ person }: { person: RemotePersonView }) {
  const { user } = useSessionUser();
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  return (
    <>
      <OptionsMenu label="Profile options" size="md" triggerRef={trigger}>
        <OptionsMenuItem
          icon={<Flag aria-hidden="true" size={16} />}
          onSelect={() => setReporting(true)}
        >
          Report @{person.handle}
        </OptionsMenuItem>
      </OptionsMenu>
      <RemoteReportDialog
        person={person}
        open={reporting}
        onOpenChange={setReporting}
        onCloseAutoFocus={(event) => {
          if (!trigger.current?.isConnected) return;
          event.preventDefault();
          trigger.current.focus();
        }}
      />
    </>
  );
}
