// Request and response shapes of /api/auth/* (spec-1 §5, §7), shared by server and browser.
import { z } from "zod";
import { isEmailShaped, normalizeEmail } from "../email";
import { FULL_NAME_MAX, isValidFullName, normalizeFullName } from "../full-name";
import { isOtpEntry } from "../otp";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string()
  .max(320)
  .transform(normalizeEmail)
  .refine(isEmailShaped, { message: "Please enter a valid email address." });

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters.` });

export const fullNameField = z
  .string()
  .transform(normalizeFullName)
  .refine(isValidFullName, { message: `Full name is required (max ${FULL_NAME_MAX} characters).` });

export const otpField = z
  .string()
  .trim()
  .refine(isOtpEntry, { message: "Please enter all 6 digits." });

export const registerBody = z.object({
  email: emailField,
  fullName: fullNameField,
  password: passwordField,
  agreeToPolicies: z.literal(true, { message: "Please agree to policies" }),
});
export type RegisterBody = z.input<typeof registerBody>;

export const registerResponse = z.object({ email: z.string(), resendAfterSeconds: z.number() });

export const validateEmailBody = z.object({ email: z.string().max(320) });
export const validateEmailResponse = z.object({
  ok: z.boolean(),
  reason: z
    .enum(["invalid-email", "blocked-domain", "blocked-mx", "own-domain", "not-allowed"])
    .optional(),
});

export const emailOnlyBody = z.object({ email: emailField });

export const verifyCodeBody = z.object({ email: emailField, code: otpField });
export const verifyCodeResponse = z.object({ verified: z.literal(true) });

export const resendCodeResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number(),
});

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1, { message: "Password is required." }).max(PASSWORD_MAX),
});

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: passwordField,
});

export const okResponse = z.object({ ok: z.literal(true) });

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  handle: z.string(),
  profileImageUrl: z.string().nullable(),
  verificationType: z.enum(["none", "yellow", "black"]),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });
