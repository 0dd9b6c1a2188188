// Changing the sign-in e-mail (docs/accounts.md "Changing the e-mail"): a code to the new
// address, then the code. Shared by server and browser.
import { z } from "zod";
import { emailField, otpField } from "./auth";

export const emailChangeCodeBody = z.object({ newEmail: emailField });

export const emailChangeCodeResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number(),
});

export const emailChangeBody = z.object({ newEmail: emailField, code: otpField });

/** The address the account signs in with from now on. */
export const emailChangeResponse = z.object({ email: z.string() });

export const SAME_EMAIL = "This is already your e-mail address.";
