// The second step of logging in with two-factor authentication on (docs/accounts.md "Two-factor
// authentication"): a code from the authenticator app, or one of the backup codes. A wrong code
// stays in the field with the server's words under it; a sign-in that is over (too many wrong
// codes, or expired) goes back to the password with the reason.
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  AUTHENTICATOR_CODE_PROMPT,
  type TwoFactorSignInBody,
  twoFactorSignInBody,
} from "../../../domain/contracts/two-factor";
import { ERROR_CODES } from "../../../domain/error-codes";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { TextField } from "../../components/form/text-field";
import { ApiRequestError, errorMessage, isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useSecondFactorMutation } from "../../state/queries/session";

type Method = TwoFactorSignInBody["method"];

const FIELD: Record<Method, { label: string; switchTo: string }> = {
  totp: { label: AUTHENTICATOR_CODE_PROMPT, switchTo: "Use a backup code instead" },
  backup: { label: "Enter one of your backup codes", switchTo: "Use your authenticator app" },
};

const linkClass =
  "inline-flex min-h-10 items-center rounded-md px-1 text-sm font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-400";

/** Answers that end this sign-in: the password must be given again. */
function endsSignIn(error: unknown): boolean {
  return (
    isApiError(error, ERROR_CODES.tooManyAttempts) ||
    isApiError(error, ERROR_CODES.twoFactorExpired)
  );
}

interface SecondFactorFormProps {
  next: string;
  /** Back to the password, with the reason when the sign-in ended. */
  onBack: (reason?: string) => void;
}

export function SecondFactorForm({ next, onBack }: SecondFactorFormProps) {
  const navigate = useNavigate();
  const verify = useSecondFactorMutation();
  const [method, setMethod] = useState<Method>("totp");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const refuse = (message: string) => {
    setFieldError(message);
    form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  };

  const switchMethod = () => {
    setMethod((current) => (current === "totp" ? "backup" : "totp"));
    setCode("");
    setFieldError(undefined);
    setFormError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    setFormError(null);
    const parsed = twoFactorSignInBody.safeParse({ method, code });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? "Please check the code.");
      return;
    }
    setFieldError(undefined);
    verify.mutate(parsed.data, {
      onSuccess: () => {
        toast.success("Welcome back!");
        navigate(next, { replace: true });
      },
      onError: (error) => {
        if (endsSignIn(error)) {
          onBack(errorMessage(error, "Please log in again."));
          return;
        }
        if (error instanceof ApiRequestError && error.status === 400 && error.message) {
          refuse(error.message);
          return;
        }
        setFormError(errorMessage(error, "Could not check the code. Please try again."));
      },
    });
  };

  const totp = method === "totp";
  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        // A new field for each method, so the focus lands in it (autoFocus) when it changes.
        key={method}
        label={FIELD[method].label}
        name="code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setFieldError(undefined);
        }}
        inputMode={totp ? "numeric" : "text"}
        autoComplete={totp ? "one-time-code" : "off"}
        autoCapitalize="none"
        spellCheck={false}
        // Room for '123 456' and 'AbCd3-eF9h2' typed with a space.
        maxLength={totp ? 7 : 12}
        autoFocus
        readOnly={verify.isPending}
        error={fieldError}
        className="[&_input]:font-mono"
      />
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <Button type="submit" block size="lg" busy={verify.isPending}>
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" onClick={switchMethod} className={linkClass}>
          {FIELD[method].switchTo}
        </button>
        <button type="button" onClick={() => onBack()} className={linkClass}>
          Back to login
        </button>
      </div>
    </form>
  );
}
