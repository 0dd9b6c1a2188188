// Request and response shapes of /api/account/* (docs/accounts.md): where a person is signed in,
// and changing the password. Shared by server and browser.
import { z } from "zod";
import { PASSWORD_MAX, passwordField } from "./auth";

/** One signed-in browser. Never carries the session's token. */
export const sessionView = z.object({
  id: z.string(),
  /** e.g. 'Chrome 131', or 'Unknown browser'. */
  browser: z.string(),
  /** e.g. 'macOS 14.5', or 'Unknown system'. */
  system: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked: 'This device'. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

/** The current session first, then the others by when they were last used. */
export const sessionsResponse = z.object({ items: z.array(sessionView) });

export const sessionIdParams = z.object({ sessionId: z.string().min(1).max(128) });

/** How many sessions a sign-out ended. */
export const endedResponse = z.object({ ended: z.number().int().min(0) });

export const CURRENT_PASSWORD_REQUIRED = "Current password is required.";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect.";
export const NEW_PASSWORD_SAME = "New password must be different from the current one.";

export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, { message: CURRENT_PASSWORD_REQUIRED }).max(PASSWORD_MAX),
    newPassword: passwordField,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: NEW_PASSWORD_SAME,
    path: ["newPassword"],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The password changed; every other session ended. */
export const changePasswordResponse = z.object({ ended: z.number().int().min(0) });

/** Deleting the account (docs/accounts.md "Deleting the account"): a code sent by e-mail. */
export const deletionCodeResponse = z.object({
  /** The address the code went to: the account's own. */
  email: z.string(),
  resendAfterSeconds: z.number().int().min(0),
  expiresInSeconds: z.number().int().min(0),
});
export type DeletionCodeResponse = z.infer<typeof deletionCodeResponse>;

/** Whether a deletion code mailed earlier can still be entered (not expired, not voided by
 * wrong tries), so a reload within its ten minutes offers the code entry again; the seconds
 * count from now. */
export const deletionCodeStatus = z.discriminatedUnion("pending", [
  z.object({ pending: z.literal(false) }),
  deletionCodeResponse.extend({ pending: z.literal(true) }),
]);
export type DeletionCodeStatus = z.infer<typeof deletionCodeStatus>;

export const DELETION_CODE_INVALID = "Please enter the 6-digit code from the e-mail.";

export const deleteAccountBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: DELETION_CODE_INVALID }),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const deleteAccountResponse = z.object({ deleted: z.literal(true) });
