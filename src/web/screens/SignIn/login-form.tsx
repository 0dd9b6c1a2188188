// The Login tab (spec-1 §2, §8): email, password, 'Forgot password', and the resend hint when
// the e-mail is not confirmed yet. Success goes to `next` with a replace-style navigation; with
// two-factor authentication on, the tab asks for the code first (second-factor-form.tsx).
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { loginBody } from "../../../domain/contracts/auth";
import { ERROR_CODES } from "../../../domain/error-codes";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { PasswordField } from "../../components/form/password-field";
import { EmailField } from "../../components/form/text-field";
import { errorMessage, isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useLoginMutation } from "../../state/queries/session";
import { PasskeySignIn } from "./passkey-sign-in";
import { SecondFactorForm } from "./second-factor-form";
import { UnconfirmedEmail } from "./unconfirmed-email";

/** spec-1 §8: messages about confirmation or verification mean the e-mail is unconfirmed. */
function isUnconfirmed(error: unknown): boolean {
  if (isApiError(error, ERROR_CODES.emailNotConfirmed)) return true;
  return error instanceof Error && /email not confirmed|confirm|verification/i.test(error.message);
}

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  next: string;
  onForgot: () => void;
}

export function LoginForm({ email, onEmailChange, next, onForgot }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [password, setPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);
  const [cameBack, setCameBack] = useState(false);

  /** The password stage again, after the second step ended or was left; the e-mail stays. */
  const backToPassword = (reason?: string) => {
    setSecondFactor(false);
    setCameBack(true);
    setFormError(reason ?? null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "" || password === "") {
      setFormError("Please fill in all required fields");
      return;
    }
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? "Login failed");
      return;
    }
    setFormError(null);
    login.mutate(parsed.data, {
      onSuccess: (data) => {
        if ("twoFactorRequired" in data) {
          setPassword("");
          setSecondFactor(true);
          return;
        }
        toast.success("Welcome back!");
        navigate(next, { replace: true });
      },
      onError: (error) => {
        if (isUnconfirmed(error)) {
          setUnconfirmed(true);
          return;
        }
        toast.error(errorMessage(error, "Login failed"));
      },
    });
  };

  if (secondFactor) return <SecondFactorForm next={next} onBack={backToPassword} />;

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField value={email} onValueChange={onEmailChange} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
          autoFocus={cameBack}
        />
        <div className="flex justify-end">
          <a
            href="/signup?stage=forgot"
            onClick={(event) => {
              event.preventDefault();
              onForgot();
            }}
            className="inline-flex min-h-10 items-center rounded-md px-1 text-sm font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
          >
            Forgot password
          </a>
        </div>
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <Button type="submit" block size="lg" busy={login.isPending}>
          Login
        </Button>
      </form>
      {unconfirmed ? (
        <UnconfirmedEmail email={email} onVerified={() => setUnconfirmed(false)} />
      ) : null}
      <PasskeySignIn next={next} />
    </div>
  );
}
