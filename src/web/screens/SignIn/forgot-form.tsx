// The 'forgot' stage (spec-1 §4, §8): one e-mail field. The confirmation toast shows whatever the
// server answered, so the screen never reveals whether an account exists.
import { type FormEvent, useState } from "react";
import { normalizeEmail } from "../../../domain/email";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { EmailField } from "../../components/form/text-field";
import { toast } from "../../lib/toast";
import { useForgotPasswordMutation } from "../../state/queries/session";

interface ForgotFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

export function ForgotForm({ email, onEmailChange, onBack }: ForgotFormProps) {
  const forgot = useForgotPasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "") {
      setFormError("Please enter your email");
      return;
    }
    setFormError(null);
    forgot.mutate(normalizeEmail(email), {
      onSettled: () => {
        toast.success("Got it! You should be receiving an email.");
        onBack();
      },
    });
  };

  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold">Reset your password</h1>
        <p className="text-neutral-600 dark:text-neutral-400">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField value={email} onValueChange={onEmailChange} />
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <Button type="submit" block size="lg" busy={forgot.isPending}>
          Send Reset Link
        </Button>
        <Button variant="ghost" block onClick={onBack}>
          Back to login
        </Button>
      </form>
    </div>
  );
}
