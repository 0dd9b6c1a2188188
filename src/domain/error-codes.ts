// The `code` of the error shape every API answer uses (contracts/errors.ts), for the server
// to send and the browser to branch on.

/** Codes the web client branches on. */
export const ERROR_CODES = {
  validation: "validation_error",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  notFound: "not_found",
  conflict: "conflict",
  tooLarge: "payload_too_large",
  /** An upload whose bytes are no readable image (docs/profiles-and-media.md "Invalid images"). */
  invalidImage: "invalid_image",
  unsupportedImage: "unsupported_image",
  /** A document that is no JPEG, PNG or PDF by its bytes (docs/safety.md "Badges"). */
  unsupportedFile: "unsupported_file",
  requestTimeout: "request_timeout",
  rateLimited: "rate_limited",
  internal: "internal_error",
  /** This instance is stopping: try again (another instance answers; docs/operations.md). */
  unavailable: "unavailable",
  emailNotConfirmed: "email_not_confirmed",
  invalidCredentials: "invalid_credentials",
  emailRefused: "email_refused",
  emailTaken: "email_taken",
  invalidCode: "invalid_code",
  codeExpired: "code_expired",
  tooManyAttempts: "too_many_attempts",
  /** The sign-in waiting for its second factor is gone: log in again (docs/accounts.md). */
  twoFactorExpired: "two_factor_expired",
  resendCooldown: "resend_cooldown",
  invalidToken: "invalid_token",
  commonPassword: "common_password",
  paymentRequired: "payment_required",
  paymentProvider: "payment_provider_error",
  /** The post's 'Who can reply' leaves the writer out (docs/safety.md "Who can reply and write"). */
  repliesClosed: "replies_closed",
  /** The recipient's 'Who can message me' leaves the writer out (docs/mail.md "Who can be written
   * to"). */
  messagesClosed: "messages_closed",
} as const;
