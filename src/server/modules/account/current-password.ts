// The current password asked before a change to how the person signs in (docs/accounts.md):
// checked with the auth library's own hashing, and its wrong guesses count against the same
// budgets as logins (auth/login-guard.ts).
import { CURRENT_PASSWORD_WRONG } from "../../../domain/contracts/account";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { admitLogin, loginFailed, loginSucceeded } from "../auth/login-guard";
import { credentialOf } from "./queries";

/** The person's password sign-in, once `password` is shown to be its password; refused with
 * `fields[field]` otherwise. */
export async function checkCurrentPassword(
  deps: Pick<AppContext, "db" | "auth" | "limits">,
  input: { userId: string; email: string; ip: string; password: string; field: string },
) {
  const attempt = { email: input.email, ip: input.ip, known: true };
  await admitLogin(deps.limits, attempt);
  const { password } = await deps.auth.$context;
  const credential = await credentialOf(deps.db, input.userId);
  const matches =
    credential?.password != null &&
    (await password.verify({ hash: credential.password, password: input.password }));
  if (!credential || !matches) {
    await loginFailed(deps.limits, attempt);
    throw badRequest(ERROR_CODES.invalidCredentials, CURRENT_PASSWORD_WRONG, {
      [input.field]: [CURRENT_PASSWORD_WRONG],
    });
  }
  await loginSucceeded(deps.limits, attempt);
  return credential;
}
