// One-click unsubscribe (docs/accounts.md "One-click unsubscribe", RFC 8058): the link of an
// e-mail names a person and a kind of e-mail, signed; reading it changes nothing, and using it
// turns those e-mails off, without a session.
import { unsubscribedKinds } from "../../../domain/contracts/notification-settings";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { readUnsubscribeToken, type UnsubscribeTarget } from "../../infra/unsubscribe-link";
import { accountCreatedAt } from "../auth/accounts";
import { turnOffEmails } from "../notification-settings/settings";

type UnsubscribeDeps = Pick<AppContext, "db" | "config">;

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Choose which e-mails you get in Settings instead.";

/** The person and kind of e-mail a link names; 400 for one we did not sign or whose person is
 * gone. Reading changes nothing (a link scanner's GET). */
export async function checkUnsubscribeLink(
  deps: UnsubscribeDeps,
  { token }: { token: string },
): Promise<UnsubscribeTarget> {
  const target = readUnsubscribeToken({ secret: deps.config.sessionSecret }, token);
  if (!target || (await accountCreatedAt(deps.db, target.userId)) === null) {
    throw badRequest(ERROR_CODES.validation, INVALID_UNSUBSCRIBE_LINK);
  }
  return target;
}

export async function unsubscribe(
  deps: UnsubscribeDeps,
  { token }: { token: string },
): Promise<UnsubscribeTarget> {
  const target = await checkUnsubscribeLink(deps, { token });
  await turnOffEmails(deps, target.userId, unsubscribedKinds[target.kind]);
  return target;
}
