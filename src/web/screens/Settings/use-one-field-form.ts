// A step of Settings that sends one field (a password, a code): checked with the shared contract
// first, then sent; the server's refusal of that field stands under it, which keeps what was typed
// and takes the focus; any other refusal shows under the form.
import { type FormEvent, useRef, useState } from "react";
import type { z } from "zod";
import { ApiRequestError, errorMessage } from "../../lib/api";

export function useOneFieldForm<Name extends string>(options: {
  name: Name;
  schema: z.ZodType<Record<Name, string>, Record<Name, string>>;
  /** Sends the checked value; a rejection is shown here, success is the caller's next step. */
  onSubmit: (value: string) => Promise<unknown>;
  /** The form's message when a refusal names no field. */
  failed: string;
}) {
  const { name, schema, onSubmit, failed } = options;
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const refuse = (message: string) => {
    setFieldError(message);
    form.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = schema.safeParse({ [name]: value });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? failed);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await onSubmit(parsed.data[name]);
    } catch (error) {
      setBusy(false);
      const wrong = error instanceof ApiRequestError ? error.fields?.[name]?.[0] : undefined;
      if (wrong) refuse(wrong);
      else setFormError(errorMessage(error, failed));
    }
  };

  const edit = (next: string) => {
    setValue(next);
    setFieldError(undefined);
  };

  return { value, edit, fieldError, formError, busy, form, submit };
}
