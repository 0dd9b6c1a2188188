// The Register tab (spec-1 §2, §5): email, full name, password and 'Agree to all Policies'. The
// email is checked by validate-email first, then the account is created and the otp stage opens.
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { registerBody } from "../../../domain/contracts/auth";
import { EMAIL_CHECK_FAILED, emailRefusalMessage, normalizeEmail } from "../../../domain/email";
import { FULL_NAME_MAX } from "../../../domain/full-name";
import { Button } from "../../components/controls/button";
import { FormMessage } from "../../components/form/form-message";
import { PasswordField } from "../../components/form/password-field";
import { EmailField, TextField } from "../../components/form/text-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { useSite } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { useRegisterMutation, useValidateEmailMutation } from "../../state/queries/session";
import { PolicyAgreement } from "./policy-agreement";

type Field = "email" | "fullName" | "password";
type FieldErrors = Partial<Record<Field, string>>;

function firstErrors(fields: Record<string, string[] | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const key of ["email", "fullName", "password"] as const) {
    const message = fields[key]?.[0];
    if (message) out[key] = message;
  }
  return out;
}

interface RegisterFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onRegistered: (email: string, resendAfterSeconds: number) => void;
}

export function RegisterForm({ email, onEmailChange, onRegistered }: RegisterFormProps) {
  const { mailDomain } = useSite();
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const validateEmail = useValidateEmailMutation();
  const register = useRegisterMutation();
  const busy = validateEmail.isPending || register.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    if (email.trim() === "" || fullName.trim() === "" || password === "") {
      setFormError("Please fill in all required fields");
      return;
    }
    if (!agreed) {
      setFormError("Please agree to policies");
      return;
    }
    const body = { email, fullName, password, agreeToPolicies: true as const };
    const parsed = registerBody.safeParse(body);
    if (!parsed.success) {
      setFormError(null);
      setFieldErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setFormError(null);

    const normalized = normalizeEmail(email);
    try {
      const check = await validateEmail.mutateAsync(normalized);
      if (!check.ok) {
        setFieldErrors({ email: emailRefusalMessage(check.reason ?? "not-allowed", mailDomain) });
        return;
      }
    } catch {
      setFormError(EMAIL_CHECK_FAILED);
      return;
    }

    try {
      const created = await register.mutateAsync({ ...body, email: normalized });
      toast.success("Check your email for the verification code!");
      onRegistered(created.email, created.resendAfterSeconds);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields)
        setFieldErrors(firstErrors(error.fields));
      toast.error(errorMessage(error, "Registration failed"));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <EmailField value={email} onValueChange={onEmailChange} error={fieldErrors.email} />
      <TextField
        label="Full Name"
        name="name"
        autoComplete="name"
        value={fullName}
        maxLength={FULL_NAME_MAX}
        onChange={(event) => setFullName(event.target.value)}
        hint={`${[...fullName].length}/${FULL_NAME_MAX}`}
        error={fieldErrors.fullName}
        required
      />
      <PasswordField
        label="Password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint="At least 8 characters."
        error={fieldErrors.password}
        required
      />
      <PolicyAgreement agreed={agreed} onAgreedChange={setAgreed} />
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <Button type="submit" block size="lg" busy={busy}>
        Create Account
      </Button>
    </form>
  );
}
