// 'Add a passkey' in Settings (docs/accounts.md "Passkeys"): first a name, offered after this
// browser and system, then the browser's own prompt (fingerprint, face, screen lock or a security
// key). Closing that prompt is no failure: a quiet note says nothing was added and the form stays
// for another try. Once added, the form closes, the list already holds the new row, a toast says
// so and the focus is back on 'Add a passkey'.
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { passkeyName } from "../../../domain/contracts/passkeys";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { TextField } from "../../components/form/text-field";
import { ceremonyOutcome } from "../../lib/passkey-ceremony";
import { toast } from "../../lib/toast";
import { useAddPasskeyMutation } from "../../state/queries/passkeys";
import { suggestedPasskeyName } from "./passkey-labels";

type Note = { tone: "error" | "info"; text: string };

export function AddPasskey() {
  const add = useAddPasskeyMutation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [note, setNote] = useState<Note | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  /** Set when the form closes, so the focus goes back to 'Add a passkey' once it is there. */
  const refocus = useRef(false);

  // The form replaces the button that opened it, and the other way round: the focus follows.
  useEffect(() => {
    if (naming) {
      form.current?.querySelector("input")?.focus();
      return;
    }
    if (!refocus.current) return;
    refocus.current = false;
    addButton.current?.focus();
  }, [naming]);

  const open = () => {
    setName(suggestedPasskeyName(navigator.userAgent));
    setNameError(undefined);
    setNote(null);
    setNaming(true);
  };

  const close = () => {
    refocus.current = true;
    setNaming(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setNote(null);
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success("Passkey added.");
        close();
      },
      onError: (error) => {
        const outcome = ceremonyOutcome(error, "Could not add the passkey. Please try again.");
        setNote(
          outcome.cancelled
            ? { tone: "info", text: "No passkey was added." }
            : { tone: "error", text: outcome.message },
        );
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || add.isPending) return;
    event.preventDefault();
    close();
  };

  if (!naming) {
    return (
      <div className="border-t border-neutral-200 pt-4 pb-1 dark:border-neutral-800">
        <Button ref={addButton} variant="secondary" onClick={open}>
          Add a passkey
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-label="Add a passkey"
      className="space-y-4 border-t border-neutral-200 pt-4 pb-1 dark:border-neutral-800"
    >
      <TextField
        label="Passkey name"
        name="passkeyName"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
        readOnly={add.isPending}
        autoComplete="off"
        hint="So you can tell your passkeys apart. Your browser asks for your fingerprint, face or screen lock next."
        error={nameError}
        required
      />
      {note ? <FormMessage tone={note.tone}>{note.text}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={add.isPending}>
          Continue
        </Button>
        <Button variant="secondary" onClick={close} disabled={add.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
