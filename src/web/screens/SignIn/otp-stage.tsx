// The 'otp' stage after registration (spec-1 §4): verify the six-digit code, resend it after the
// 60 s cooldown, or go back to Register with 'Use a different email'.
import { useEffect } from "react";
import { OtpForm } from "../../components/account/otp-form";
import { EmailAddress } from "../../components/text/email-address";
import { useCountdown } from "../../lib/use-countdown";
import { useResendEmailCode, useVerifyEmailCode } from "./use-email-code";

interface OtpStageProps {
  email: string;
  resendAfterSeconds: number;
  onVerified: () => void;
  onUseDifferentEmail: () => void;
}

export function OtpStage({
  email,
  resendAfterSeconds,
  onVerified,
  onUseDifferentEmail,
}: OtpStageProps) {
  const countdown = useCountdown();
  const { start } = countdown;
  const { verify } = useVerifyEmailCode();
  const { resend, pending } = useResendEmailCode(
    { success: "New verification code sent!", failure: "Failed to resend code" },
    start,
  );

  // The code was just sent by the registration: the cooldown starts now.
  useEffect(() => start(resendAfterSeconds), [start, resendAfterSeconds]);

  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold">Verify your email</h1>
        <p className="text-neutral-600 dark:text-neutral-400">
          We sent a 6-digit code to{" "}
          <EmailAddress email={email} className="text-neutral-900 dark:text-neutral-100" />. Enter
          it below to confirm your account.
        </p>
      </div>
      <OtpForm
        onVerify={async (code) => {
          const refusal = await verify(email, code);
          if (refusal === null) onVerified();
          return refusal;
        }}
        onResend={() => resend(email)}
        resendSecondsLeft={countdown.secondsLeft}
        resending={pending}
        onUseDifferentEmail={onUseDifferentEmail}
      />
    </div>
  );
}
