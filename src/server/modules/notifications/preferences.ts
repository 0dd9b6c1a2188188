// 'E-mails from us' use-cases (docs/accounts.md "E-mails from us"): reading and changing the
// switches from Settings, and a one-click unsubscribe, which turns off the switches of the e-mail
// its signed link names, for the person it names, without a session (RFC 8058).
import {
  type EmailPreferences,
  type EmailPreferencesPatch,
  switchesOf,
} from "../../../domain/contracts/email-preferences";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { readUnsubscribeToken, type UnsubscribeTarget } from "../../infra/unsubscribe-link";
import { readEmailPreferences, userExists, writeEmailPreferences } from "./preference-queries";

type PreferenceDeps = Pick<AppContext, "db" | "config">;

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Choose which e-mails you get in Settings instead.";

export const emailPreferencesOf = (deps: PreferenceDeps, { viewerId }: { viewerId: string }) =>
  readEmailPreferences(deps.db, viewerId);

export async function updateEmailPreferences(
  deps: PreferenceDeps,
  { viewerId, patch }: { viewerId: string; patch: EmailPreferencesPatch },
): Promise<EmailPreferences> {
  await writeEmailPreferences(deps.db, { userId: viewerId, patch });
  return readEmailPreferences(deps.db, viewerId);
}

/** The person and kind of e-mail a link names; 400 for one we did not sign or whose person is
 * gone. Reading changes nothing (a link scanner's GET). */
export async function checkUnsubscribeLink(
  deps: PreferenceDeps,
  { token }: { token: string },
): Promise<UnsubscribeTarget> {
  const target = readUnsubscribeToken({ secret: deps.config.sessionSecret }, token);
  if (!target || !(await userExists(deps.db, target.userId))) {
    throw badRequest(ERROR_CODES.validation, INVALID_UNSUBSCRIBE_LINK);
  }
  return target;
}

export async function unsubscribe(
  deps: PreferenceDeps,
  { token }: { token: string },
): Promise<UnsubscribeTarget> {
  const target = await checkUnsubscribeLink(deps, { token });
  const patch = Object.fromEntries(switchesOf[target.kind].map((name) => [name, false]));
  await writeEmailPreferences(deps.db, { userId: target.userId, patch });
  return target;
}
