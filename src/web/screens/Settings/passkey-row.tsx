// One passkey in Settings' "Passkeys" (docs/accounts.md): its name, 'Synced' when a password manager
// carries it to the person's other devices, when it was added and last used, and Rename and Remove.
// Rename turns the name into a field in place: Enter (or Save) saves, Escape (or Cancel) puts the
// old name back; either way the focus returns to Rename. On a phone the buttons wrap under the words.
import { KeyRound } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type PasskeyView, passkeyName } from "../../../domain/contracts/passkeys";
import { Button } from "../../components/controls/button";
import { FieldNotes, inputClass } from "../../components/form/text-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { calendarDate } from "../../lib/calendar-date";
import { toast } from "../../lib/toast";
import { useRenamePasskeyMutation } from "../../state/queries/passkeys";
import { lastUsedLabel } from "./passkey-labels";
import { muted } from "./settings-section";

interface PasskeyRowProps {
  passkey: PasskeyView;
  now: Date;
  removing: boolean;
  onRemove: () => void;
}

export function PasskeyRow({ passkey, now, removing, onRemove }: PasskeyRowProps) {
  const detailId = useId();
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  /** Set when the field closes, so the focus goes back to Rename once it is there again. */
  const refocus = useRef(false);

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setEditing(false);
  };

  return (
    <li className="flex gap-3 py-3">
      <KeyRound aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-neutral-500" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {editing ? (
          <RenameForm passkey={passkey} onDone={close} />
        ) : (
          <>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold break-words">{passkey.name}</span>
                {passkey.backedUp ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    Synced
                  </span>
                ) : null}
              </p>
              <p id={detailId} className={`text-sm ${muted}`}>
                <span className="block">Added {calendarDate(passkey.createdAt)}</span>
                <span className="block">{lastUsedLabel(passkey.lastUsedAt, now)}</span>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                ref={renameButton}
                variant="secondary"
                aria-label={`Rename ${passkey.name}`}
                aria-describedby={detailId}
                onClick={() => setEditing(true)}
              >
                Rename
              </Button>
              <Button
                variant="secondary"
                aria-label={`Remove ${passkey.name}`}
                aria-describedby={detailId}
                busy={removing}
                onClick={onRemove}
              >
                Remove
              </Button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeyView; onDone: () => void }) {
  const rename = useRenamePasskeyMutation();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);

  // The field replaces the button that opened it, so the focus belongs here, the name selected.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data === passkey.name) {
      onDone();
      return;
    }
    rename.mutate(
      { passkeyId: passkey.id, name: parsed.data },
      {
        onSuccess: () => {
          toast.success("Passkey renamed.");
          onDone();
        },
        onError: (failure) => {
          const message = errorMessage(failure, "Could not rename the passkey. Please try again.");
          // Removed elsewhere: the row leaves with the list read again, so the toast says why.
          if (failure instanceof ApiRequestError && failure.status === 404) toast.error(message);
          else setError(message);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    onDone();
  };

  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} className="w-full space-y-2">
      <label htmlFor={fieldId} className="sr-only">
        New name for {passkey.name}
      </label>
      <input
        id={fieldId}
        className={inputClass}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        ref={input}
        readOnly={rename.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        autoComplete="off"
        required
      />
      <FieldNotes id={fieldId} error={error} />
      <div className="flex gap-2">
        <Button type="submit" busy={rename.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
