// Confirming the organisation address of a yellow badge request with the 6-digit code mailed to
// it (docs/safety.md "Badges"): the sign-up code boxes, 'Resend code' after its cooldown.

import { OtpForm } from "../../components/account/otp-form";
import { Dialog } from "../../components/dialog/dialog";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useCountdown } from "../../lib/use-countdown";
import { useOrgEmailConfirmMutation, useOrgEmailResendMutation } from "../../state/queries/badges";

export function OrgEmailCodeDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const confirm = useOrgEmailConfirmMutation();
  const resend = useOrgEmailResendMutation();
  const countdown = useCountdown();

  const onVerify = async (code: string): Promise<string | null> => {
    try {
      await confirm.mutateAsync(code);
    } catch (failure) {
      const field = failure instanceof ApiRequestError ? failure.fields?.code?.[0] : undefined;
      return field ?? errorMessage(failure, "Could not confirm the address. Please try again.");
    }
    toast.success(`${email} is confirmed.`);
    onOpenChange(false);
    return null;
  };

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (sent) => {
        countdown.start(sent.resendAfterSeconds);
        toast.success(`We sent a new code to ${email}.`);
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.retryAfter) {
          countdown.start(failure.retryAfter);
        }
        toast.error(errorMessage(failure, "Could not send a new code. Please try again."));
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm the official e-mail"
      description={`Enter the 6-digit code we sent to ${email}.`}
    >
      <div onSubmit={(event) => event.stopPropagation()}>
        <OtpForm
          onVerify={onVerify}
          onResend={onResend}
          resendSecondsLeft={countdown.secondsLeft}
          resending={resend.isPending}
          submitLabel="Confirm address"
        />
      </div>
    </Dialog>
  );
}
