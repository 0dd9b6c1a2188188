// The 'reset' stage (spec-1 §4, §5): reached from the e-mailed recovery link; both fields are
// required and must match. Done → the Login tab.
import { type FormEvent, useState } from "react";
import { passwordField } from "../../../domain/contracts/auth";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { PasswordField } from "../../components/form/password-field";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResetPasswordMutation } from "../../state/queries/session";

interface ResetFormProps {
  token: string | null;
  onDone: () => void;
  onRequestNewLink: () => void;
}

export function ResetForm({ token, onDone, onRequestNewLink }: ResetFormProps) {
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === "" || confirm === "") {
      setFormError("Please enter and confirm your new password.");
      return;
    }
    if (password !== confirm) {
      setFormError("Passwords do not match.");
      return;
    }
    const parsed = passwordField.safeParse(password);
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? "Failed to reset password");
      return;
    }
    if (!token) {
      setFormError("This reset link is incomplete. Request a new one.");
      return;
    }
    setFormError(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success("Your password has been reset!");
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, "Failed to reset password")),
      },
    );
  };

  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        <p className="text-neutral-600 dark:text-neutral-400">Use at least 8 characters.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          required
        />
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <Button type="submit" block size="lg" busy={reset.isPending}>
          Reset Password
        </Button>
        <Button variant="ghost" block onClick={onRequestNewLink}>
          Request a new link
        </Button>
      </form>
    </div>
  );
}
