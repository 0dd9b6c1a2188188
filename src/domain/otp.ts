// spec-1 §5, §9: the one-time code is exactly six digits, generated 100000–999999.
export const OTP_LENGTH = 6;
export const OTP_MIN = 100_000;
export const OTP_MAX = 999_999;
export const OTP_TTL_SECONDS = 600;
/**
 * Wrong tries before a code is void: the same as the address-wide ceiling of code checks an hour
 * (server/infra/rate-limit.ts `codeCheckPerAddress`), so strangers cannot void the owner's code
 * with fewer wrong tries than that ceiling refuses (docs/operations.md "Limits").
 */
export const OTP_MAX_WRONG_TRIES = 50;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

/** spec-1 §5: what may be entered is exactly six digits. One below OTP_MIN (a leading 0) is well
 * formed but matches no issued code, so it is a wrong code (spec-1 §8 'Invalid verification
 * code'), not a short one. */
export function isOtpEntry(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Pasting keeps the first six digits and drops everything else. */
export function digitsFromPaste(text: string): string {
  return text.replace(/\D/g, "").slice(0, OTP_LENGTH);
}
