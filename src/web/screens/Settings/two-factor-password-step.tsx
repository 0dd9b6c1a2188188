// 'Confirm your password' before two-factor authentication is set up or turned off
// (docs/accounts.md "Two-factor authentication"). A wrong password stands under the field, which
// keeps it and takes the focus; other refusals (too many tries) show under the form.
import { twoFactorPasswordBody } from "../../../domain/contracts/two-factor";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { PasswordField } from "../../components/form/password-field";
import { useSessionUser } from "../../state/queries/session";
import { muted } from "./settings-section";
import { useOneFieldForm } from "./use-one-field-form";

interface PasswordStepProps {
  intro: string;
  submitLabel: string;
  danger?: boolean;
  /** Sends the password; a rejection is shown here, success is the caller's next step. */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}

export function TwoFactorPasswordStep({
  intro,
  submitLabel,
  danger = false,
  onSubmit,
  onCancel,
}: PasswordStepProps) {
  const { user } = useSessionUser();
  const { value, edit, fieldError, formError, busy, form, submit } = useOneFieldForm({
    name: "password",
    schema: twoFactorPasswordBody,
    onSubmit,
    failed: "Something went wrong. Please try again.",
  });

  return (
    <form ref={form} noValidate onSubmit={submit} className="mt-3 space-y-4">
      <div className="space-y-1">
        <h3 className="font-semibold">Confirm your password</h3>
        <p className={`text-sm ${muted}`}>{intro}</p>
      </div>
      {/* Lets a password manager know whose password this is. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user?.email ?? ""}
        readOnly
        hidden
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => edit(event.target.value)}
        readOnly={busy}
        error={fieldError}
        required
        autoFocus
      />
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy}>
          {submitLabel}
        </Button>
        {/* Once sent, the answer decides the next step. */}
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
