// Verifying and resending the e-mail code, with the texts of spec-1 §8. Shared by the OTP
// stage after registration and the inline code entry after an unconfirmed login. A refused code's
// message goes back to the code form, which shows it next to the boxes.

import { normalizeEmail } from "../../../domain/email";
import { ERROR_CODES } from "../../../domain/error-codes";
import { ApiRequestError, errorMessage, isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResendCodeMutation, useVerifyCodeMutation } from "../../state/queries/session";

export function useVerifyEmailCode() {
  const mutation = useVerifyCodeMutation();
  /** Null when the code was accepted, else the message for the person. */
  const verify = async (email: string, code: string): Promise<string | null> => {
    try {
      await mutation.mutateAsync({ email: normalizeEmail(email), code });
      toast.success("Email verified! Please log in.");
      return null;
    } catch (error) {
      return isApiError(error, ERROR_CODES.invalidCode)
        ? "Invalid verification code"
        : errorMessage(error, "Verification failed");
    }
  };
  return { verify, pending: mutation.isPending };
}

interface ResendTexts {
  success: string;
  failure: string;
}

/** Resends the code; `onCooldown` gets the seconds to wait (also after a 429 with retryAfter). */
export function useResendEmailCode(texts: ResendTexts, onCooldown: (seconds: number) => void) {
  const mutation = useResendCodeMutation();
  const resend = (email: string) =>
    mutation.mutate(normalizeEmail(email), {
      onSuccess: (data) => {
        toast.success(texts.success);
        onCooldown(data.resendAfterSeconds);
      },
      onError: (error) => {
        // A cooldown or rate limit says when to try again: count down to that instead.
        if (error instanceof ApiRequestError && error.retryAfter) onCooldown(error.retryAfter);
        // The resend minute (spec-1 §4, §9) is no failure: the code sent within it, at
        // registration or by the last resend, still holds, and the button counts down.
        if (isApiError(error, ERROR_CODES.resendCooldown)) return;
        toast.error(errorMessage(error, texts.failure));
      },
    });
  return { resend, pending: mutation.isPending };
}
