// Two-factor authentication in Settings (docs/accounts.md "Two-factor authentication"): set up
// with the password, turned on by a first code from the app (which hands out the backup codes,
// once), turned off with the password. The auth library's two-factor plugin keeps the encrypted
// secret and codes; each change of the person's two-factor state gives this browser a new
// session cookie, as the library rotates the session.
import { renderSVG } from "uqr";
import type { TwoFactorSetup, TwoFactorStatus } from "../../../domain/contracts/two-factor";
import { ERROR_CODES } from "../../../domain/error-codes";
import { AppError, badRequest, conflict } from "../../errors";
import type { WithCookies } from "../auth/auth-deps";
import { authErrorCode } from "../auth/better-auth";
import { usingTotpCodeOnce } from "../auth/totp-once";
import { checkCurrentPassword } from "./current-password";
import { type AccountDeps, current } from "./service";

const alreadyOn = () => conflict(ERROR_CODES.conflict, "Two-factor authentication is already on.");

async function backupCodesOf(deps: AccountDeps, userId: string): Promise<string[]> {
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId } });
  return backupCodes;
}

export async function twoFactorStatus(
  deps: AccountDeps,
  headers: Headers,
): Promise<TwoFactorStatus> {
  const { user } = await current(deps, headers);
  if (!user.twoFactorEnabled) return { enabled: false, backupCodesLeft: 0 };
  return { enabled: true, backupCodesLeft: (await backupCodesOf(deps, user.id)).length };
}

/** A new secret for the authenticator app; nothing changes for sign-in until `enableTwoFactor`. */
export async function setUpTwoFactor(
  deps: AccountDeps,
  input: { headers: Headers; ip: string; password: string },
): Promise<TwoFactorSetup> {
  const { user } = await current(deps, input.headers);
  if (user.twoFactorEnabled) throw alreadyOn();
  await checkCurrentPassword(deps, {
    ...input,
    userId: user.id,
    email: user.email,
    field: "password",
  });
  const started = await deps.auth.api.enableTwoFactor({
    body: { password: input.password, method: "totp" },
    headers: input.headers,
  });
  if (started.method !== "totp") throw new AppError(500, ERROR_CODES.internal, "Setup failed");
  const uri = started.totpURI;
  const key = new URL(uri).searchParams.get("secret") ?? "";
  return { otpauthUri: uri, key, qrSvg: renderSVG(uri, { border: 2 }) };
}

const wrongCode = () => {
  const message = "That code is not right. Check the time on your phone and try again.";
  return badRequest(ERROR_CODES.invalidCode, message, { code: [message] });
};

/** The first right code from the app turns it on and answers the backup codes, this once. A
 * code works once (auth/totp-once.ts), so it cannot also sign in. */
export async function enableTwoFactor(
  deps: AccountDeps,
  input: { headers: Headers; code: string },
): Promise<WithCookies<{ backupCodes: string[] }>> {
  const { user } = await current(deps, input.headers);
  if (user.twoFactorEnabled) throw alreadyOn();
  try {
    const { headers } = await usingTotpCodeOnce(
      deps,
      { userId: user.id, code: input.code, refusal: wrongCode },
      () =>
        deps.auth.api.verifyTOTP({
          body: { code: input.code },
          headers: input.headers,
          returnHeaders: true,
        }),
    );
    return {
      setCookies: headers.getSetCookie(),
      body: { backupCodes: await backupCodesOf(deps, user.id) },
    };
  } catch (error) {
    const kind = authErrorCode(error);
    if (kind === "TOTP_NOT_ENABLED") {
      throw badRequest(ERROR_CODES.validation, "Choose 'Set up' first.");
    }
    if (kind === "INVALID_CODE") throw wrongCode();
    throw error;
  }
}

/** Off again, after the password: sign-in asks for the password alone. */
export async function disableTwoFactor(
  deps: AccountDeps,
  input: { headers: Headers; ip: string; password: string },
): Promise<WithCookies<{ enabled: false }>> {
  const { user } = await current(deps, input.headers);
  if (!user.twoFactorEnabled) {
    throw conflict(ERROR_CODES.conflict, "Two-factor authentication is already off.");
  }
  await checkCurrentPassword(deps, {
    ...input,
    userId: user.id,
    email: user.email,
    field: "password",
  });
  const { headers } = await deps.auth.api.disableTwoFactor({
    body: { password: input.password },
    headers: input.headers,
    returnHeaders: true,
  });
  return { setCookies: headers.getSetCookie(), body: { enabled: false } };
}
