// "Passkeys" in Settings (docs/accounts.md "Passkeys"): the viewer's passkeys, oldest first, each
// with Rename and Remove (asked first), and 'Add a passkey' — or, in a browser without WebAuthn, a
// line saying so. A removed passkey leaves the list once the server has removed it and the list is
// read again; the focus then goes to the section's heading, as the button that held it is gone.
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { useRef, useState } from "react";
import type { PasskeyView } from "../../../domain/contracts/passkeys";
import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useNow } from "../../lib/use-now";
import { usePasskeysQuery, useRemovePasskeyMutation } from "../../state/queries/passkeys";
import { AddPasskey } from "./add-passkey";
import { PasskeyRow } from "./passkey-row";
import { listState, muted, SettingsSection } from "./settings-section";

export function PasskeysSection() {
  const query = usePasskeysQuery();
  const remove = useRemovePasskeyMutation();
  const now = useNow(60_000);
  const [supported] = useState(browserSupportsWebAuthn);
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  /** The passkey the dialog asks about; kept while the dialog closes, so its title stays. */
  const [target, setTarget] = useState<PasskeyView | null>(null);
  /** Set once a passkey is removed: the dialog's trigger is gone, so the focus goes up. */
  const removed = useRef(false);
  const items = query.data?.items ?? [];

  const removeConfirmed = (passkey: PasskeyView) =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        removed.current = true;
        setConfirming(false);
        toast.success("Passkey removed.");
      },
      onError: (error) => {
        // Removed elsewhere already: the list is read again and the row goes all the same.
        removed.current = error instanceof ApiRequestError && error.status === 404;
        setConfirming(false);
        toast.error(errorMessage(error, `Could not remove ${passkey.name}.`));
      },
    });

  const list = (
    <>
      {items.length === 0 ? (
        <p className={`py-6 text-center ${muted}`}>No passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {items.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              now={now}
              removing={remove.isPending && remove.variables === passkey.id}
              onRemove={() => {
                setTarget(passkey);
                setConfirming(true);
              }}
            />
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskey />
      ) : (
        <p
          className={`border-t border-neutral-200 pt-4 pb-1 text-sm dark:border-neutral-800 ${muted}`}
        >
          This browser cannot use passkeys. Open Settings in a recent version of Chrome, Edge,
          Firefox or Safari to add one.
        </p>
      )}
    </>
  );

  return (
    <SettingsSection title="Passkeys" headingRef={heading}>
      <p className={`mt-1 text-sm ${muted}`}>
        Sign in with your fingerprint, face or screen lock instead of a password.
      </p>
      {listState(query, "Could not load your passkeys.") ?? list}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${target?.name ?? "this passkey"}?`}
        description="You can no longer sign in with it. Your device or password manager may still list it until you delete it there."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => {
          if (target) removeConfirmed(target);
        }}
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </SettingsSection>
  );
}
