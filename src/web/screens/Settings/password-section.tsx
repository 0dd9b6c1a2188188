// "Password" (docs/accounts.md): the current password and a new one, checked here with the shared
// contract and then by the server, whose field errors (wrong current password, a new one too short,
// too common or unchanged) stand under their field. What was typed stays until the change succeeds;
// then the form clears and every other session is gone from the list.
import { type FormEvent, useRef, useState } from "react";
import { z } from "zod";
import { changePasswordBody } from "../../../domain/contracts/account";
import { PASSWORD_MIN } from "../../../domain/contracts/auth";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { PasswordField } from "../../components/form/password-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useChangePasswordMutation } from "../../state/queries/account";
import { useSessionUser } from "../../state/queries/session";
import { SettingsSection } from "./settings-section";

const FIELDS = ["currentPassword", "newPassword"] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

function firstErrors(fields: Record<string, string[] | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const key of FIELDS) {
    const message = fields[key]?.[0];
    if (message) out[key] = message;
  }
  return out;
}

export function PasswordSection() {
  const { user } = useSessionUser();
  const change = useChangePasswordMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: "",
    newPassword: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const edit = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Shows the errors and puts the focus on the first field that has one. */
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setFormError(null);
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      showErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues({ currentPassword: "", newPassword: "" });
        toast.success("Password changed. You were signed out everywhere else.");
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiRequestError ? firstErrors(error.fields ?? {}) : {};
        if (Object.keys(fieldErrors).length > 0) {
          showErrors(fieldErrors);
          return;
        }
        setFormError(errorMessage(error, "Could not change the password. Please try again."));
      },
    });
  };

  return (
    <SettingsSection title="Password">
      <form ref={form} noValidate onSubmit={onSubmit} className="mt-3 space-y-4">
        {/* Lets a password manager know whose password changes. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user?.email ?? ""}
          readOnly
          hidden
        />
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => edit("currentPassword", event.target.value)}
          readOnly={change.isPending}
          error={errors.currentPassword}
          required
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => edit("newPassword", event.target.value)}
          readOnly={change.isPending}
          hint={`At least ${PASSWORD_MIN} characters. Every other session is signed out.`}
          error={errors.newPassword}
          required
        />
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </form>
    </SettingsSection>
  );
}
