// The one-time-code step: six boxes, 'Verify Email', 'Resend code' with its countdown and an
// optional 'Use a different email' (spec-1 §2, §5, §9). The parent owns the calls and the
// cooldown; this component owns the typed digits, the "fewer than six" check and the message of
// a refused code (spec-1 §8 'Invalid verification code'), shown next to the boxes.
import { type FormEvent, useId, useState } from "react";
import { OTP_LENGTH } from "../../../domain/otp";
import { Button } from "../controls/button";
import { FormMessage } from "../form/form-message";
import { emptyDigits, OtpBoxes } from "./otp-boxes";

interface OtpFormProps {
  /** Resolves null when the code was accepted, else the message to show. A refused code stays
   * in the boxes, selected, so the next digit typed starts a new one. */
  onVerify: (code: string) => Promise<string | null>;
  onResend?: () => void;
  resendSecondsLeft?: number;
  resending?: boolean;
  onUseDifferentEmail?: () => void;
  autoFocus?: boolean;
  /** The submit button's text: 'Verify Email' unless the form confirms something else. */
  submitLabel?: string;
}

export function OtpForm({
  onVerify,
  onResend,
  resendSecondsLeft = 0,
  resending = false,
  onUseDifferentEmail,
  autoFocus = true,
  submitLabel = "Verify Email",
}: OtpFormProps) {
  const [digits, setDigits] = useState(emptyDigits);
  const [error, setError] = useState<string | null>(null);
  const [refusedCodeSelected, setRefusedCodeSelected] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const errorId = useId();

  const verify = async (code: string) => {
    if (verifying) return;
    if (code.length !== OTP_LENGTH) {
      setError("Please enter all 6 digits.");
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      const refusal = await onVerify(code);
      setError(refusal);
      setRefusedCodeSelected(refusal !== null);
    } finally {
      setVerifying(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(digits.join(""));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <OtpBoxes
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          setRefusedCodeSelected(false);
          if (error) setError(null);
        }}
        onComplete={(code) => void verify(code)}
        disabled={verifying}
        selected={refusedCodeSelected}
        invalid={error !== null}
        autoFocus={autoFocus}
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <div id={errorId}>
          <FormMessage>{error}</FormMessage>
        </div>
      ) : null}
      <Button type="submit" block size="lg" busy={verifying}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
        {onResend ? (
          <Button
            variant="ghost"
            onClick={onResend}
            disabled={resendSecondsLeft > 0 || verifying}
            busy={resending}
          >
            {resendSecondsLeft > 0 ? `Resend code in ${resendSecondsLeft}s` : "Resend code"}
          </Button>
        ) : null}
        {onUseDifferentEmail ? (
          <Button variant="ghost" onClick={onUseDifferentEmail} disabled={verifying}>
            Use a different email
          </Button>
        ) : null}
      </div>
    </form>
  );
}
