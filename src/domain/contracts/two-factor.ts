// Two-factor authentication (docs/accounts.md "Two-factor authentication"): turning it on and off
// in Settings, and the second step of signing in. Shared by server and browser.
import { z } from "zod";
import { PASSWORD_MAX, sessionUser } from "./auth";

/** Backup codes handed out when two-factor authentication is turned on. */
export const TWO_FACTOR_BACKUP_CODES = 10;

export const AUTHENTICATOR_CODE_PROMPT = "Enter the 6-digit code from your authenticator app";
export const AUTHENTICATOR_CODE_INVALID = "Please enter the 6 digits from your authenticator app.";
export const BACKUP_CODE_INVALID = "A backup code is 10 letters and digits, like AbCd3-eF9h2.";
export const PASSWORD_REQUIRED = "Password is required.";

const authenticatorCode = z
  .string()
  .transform((code) => code.replace(/\s/g, ""))
  .refine((code) => /^\d{6}$/.test(code), { message: AUTHENTICATOR_CODE_INVALID });

/** Backup codes read 'AbCd3-eF9h2'; the hyphen may be left out or spaced. */
const backupCode = z
  .string()
  .transform((code) => code.replace(/[\s-]/g, ""))
  .refine((code) => /^[A-Za-z0-9]{10}$/.test(code), { message: BACKUP_CODE_INVALID })
  .transform((code) => `${code.slice(0, 5)}-${code.slice(5)}`);

const password = z.string().min(1, { message: PASSWORD_REQUIRED }).max(PASSWORD_MAX);

/** Whether the person has it on, and how many backup codes are still unused. */
export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  backupCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

/** 'Set up' asks for the password first. */
export const twoFactorPasswordBody = z.object({ password });

/** What the authenticator app needs: the otpauth:// URI as a QR code, and its key as text. */
export const twoFactorSetupResponse = z.object({
  otpauthUri: z.string(),
  key: z.string(),
  /** An SVG of the URI's QR code. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

/** The first code from the app turns it on. */
export const twoFactorEnableBody = z.object({ code: authenticatorCode });

/** Shown once. */
export const twoFactorEnableResponse = z.object({ backupCodes: z.array(z.string()) });

export const twoFactorDisableResponse = z.object({ enabled: z.literal(false) });

/** The second step of signing in: a code from the app, or a backup code. */
export const twoFactorSignInBody = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: authenticatorCode }),
  z.object({ method: z.literal("backup"), code: backupCode }),
]);
export type TwoFactorSignInBody = z.input<typeof twoFactorSignInBody>;

/** The second step's answer: the person, now signed in. */
export const secondFactorResponse = z.object({ user: sessionUser });

/** Log in answers the person, or that a second factor is needed before there is a session. */
export const loginResponse = z.union([
  secondFactorResponse,
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;
