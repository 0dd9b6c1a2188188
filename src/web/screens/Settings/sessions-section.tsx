// "Where you're signed in" (docs/accounts.md): every session of the viewer, this one first, with
// Sign out on each other one and, when there are others, 'Sign out of all other sessions' behind a
// confirmation. A session leaves the list once the server has ended it and the list is read again;
// the focus then goes to the section's heading, as the button that held it is gone.
import { useRef, useState } from "react";
import type { SessionView } from "../../../domain/contracts/account";
import { Button } from "../../components/controls/button";
import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useNow } from "../../lib/use-now";
import {
  useSessionsQuery,
  useSignOutOthersMutation,
  useSignOutSessionMutation,
} from "../../state/queries/account";
import { sessionName, signedOutMessage } from "./session-labels";
import { SessionRow } from "./session-row";
import { listState, SettingsSection } from "./settings-section";

export function SessionsSection() {
  const query = useSessionsQuery();
  const signOut = useSignOutSessionMutation();
  const signOutOthers = useSignOutOthersMutation();
  const now = useNow(60_000);
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  /** Set once the others are signed out: the dialog's trigger is gone, so the focus goes up. */
  const othersEnded = useRef(false);
  const items = query.data?.items ?? [];
  const hasOthers = items.some((session) => !session.current);

  const endOne = (session: SessionView) =>
    signOut.mutate(session.id, {
      onSuccess: ({ ended }) => {
        heading.current?.focus();
        toast.success(signedOutMessage(ended));
      },
      onError: (error) =>
        toast.error(errorMessage(error, `Could not sign out ${sessionName(session)}.`)),
    });

  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        othersEnded.current = true;
        setConfirming(false);
        toast.success(signedOutMessage(ended, true));
      },
      onError: (error) =>
        toast.error(errorMessage(error, "Could not sign out of the other sessions.")),
    });

  const list = (
    <>
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {items.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            now={now}
            busy={signOut.isPending && signOut.variables === session.id}
            onSignOut={() => endOne(session)}
          />
        ))}
      </ul>
      {hasOthers ? (
        <div className="border-t border-neutral-200 pt-4 pb-1 dark:border-neutral-800">
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Sign out of all other sessions
          </Button>
        </div>
      ) : null}
    </>
  );

  return (
    <SettingsSection title="Where you're signed in" headingRef={heading}>
      {listState(query, "Could not load where you're signed in.") ?? list}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out of all other sessions?"
        description="Every other browser and device signed in to your account is signed out. This one stays signed in."
        confirmLabel="Sign out others"
        busy={signOutOthers.isPending}
        onConfirm={endOthers}
        onCloseAutoFocus={(event) => {
          if (!othersEnded.current) return;
          othersEnded.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </SettingsSection>
  );
}
