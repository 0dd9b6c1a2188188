// The auth library instance: password hashing (scrypt, password-hash.ts), sessions in the
// database, hashed e-mail codes. We call its server API from our own routes, so the HTTP contract
// stays ours.
import { randomInt } from "node:crypto";
import { queueAfterTransactionHook } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, twoFactor } from "better-auth/plugins";
import { TWO_FACTOR_BACKUP_CODES } from "../../../domain/contracts/two-factor";
import {
  OTP_LENGTH,
  OTP_MAX,
  OTP_MAX_WRONG_TRIES,
  OTP_MIN,
  OTP_TTL_SECONDS,
} from "../../../domain/otp";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../../db/schema/auth";
import {
  emailChangeCodeMail,
  passwordResetMail,
  verificationCodeMail,
} from "../../infra/account-mails";
import type { OutgoingMail } from "../../infra/mailer";
import type { Outbox } from "../../outbox/outbox";
import { hashPassword, verifyPassword } from "./password-hash";
import { verifiedSignIn } from "./verified-sign-in";

const DAY = 24 * 60 * 60;
/** A session lives 30 days; a request more than a day after its last refresh moves that on. */
export const SESSION_EXPIRES_IN_S = 30 * DAY;
export const SESSION_UPDATE_AGE_S = DAY;
/** How long a sign-in waits for its second factor before the password must be given again. */
const TWO_FACTOR_SIGN_IN_SECONDS = 10 * 60;

/**
 * `onSessionEnded` hears of every session the library deletes (sign-out, password reset), so
 * caches of who is signed in can forget it; the library answers once it has finished.
 */
export function createAuth(
  config: Config,
  db: Db,
  outbox: Pick<Outbox, "enqueue">,
  onSessionEnded: (userId: string) => Promise<void>,
) {
  // The library has stored the code or token in its own transaction; the mail goes through the
  // outbox so a failed or interrupted send is retried (docs/outbox.md).
  const send = async (payload: OutgoingMail) => {
    await outbox.enqueue([{ topic: "mail", payload }]);
  };
  const callbackLink = (email: string, code: string) =>
    `${config.publicUrl}/auth/callback?email=${encodeURIComponent(email)}&code=${code}`;

  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.sessionSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    // Our routes enforce the product's limits (src/server/infra/rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: config.env === "test" },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    databaseHooks: {
      session: {
        delete: {
          // After the commit: a lookup in between would still find the session.
          after: (session) => queueAfterTransactionHook(async () => onSessionEnded(session.userId)),
        },
      },
    },
    advanced: {
      cookiePrefix: config.siteName.toLowerCase().replace(/[^a-z0-9]/g, "") || "app",
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // The library's scrypt format, on node:crypto's thread pool behind a gate (password-hash.ts).
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/signup?stage=reset&token=${encodeURIComponent(token)}`;
        await send(passwordResetMail(config.siteName, user.email, link));
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
    },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_MAX_WRONG_TRIES,
        storeOTP: "hashed",
        overrideDefaultEmailVerification: true,
        generateOTP: () => String(randomInt(OTP_MIN, OTP_MAX + 1)),
        async sendVerificationOTP({ email, otp, type }) {
          if (type === "email-verification") {
            await send(verificationCodeMail(config.siteName, email, otp, callbackLink(email, otp)));
          } else if (type === "change-email") {
            await send(emailChangeCodeMail(config.siteName, email, otp));
          }
        },
        changeEmail: { enabled: true },
      }),
      // docs/accounts.md "Two-factor authentication": authenticator codes (30 s, 6 digits) and ten
      // single-use backup codes; 'Remember this device' is not offered.
      twoFactor({
        issuer: config.siteName,
        backupCodeOptions: { amount: TWO_FACTOR_BACKUP_CODES },
        twoFactorCookieMaxAge: TWO_FACTOR_SIGN_IN_SECONDS,
      }),
      verifiedSignIn(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module "../../context" {
  interface AppContext {
    /** The auth library (better-auth); only the accounts area calls it. */
    auth: Auth;
  }
}

/** The library's error code of a failed call (e.g. 'INVALID_PASSWORD'), if it is one of its. */
export function authErrorCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } } | null)?.body?.code;
}
