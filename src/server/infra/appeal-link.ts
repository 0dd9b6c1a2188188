// The appeal link of a suspension e-mail (docs/safety.md "Appealing a suspension"): a suspended
// person cannot sign in, so the mail telling them of the suspension carries a link naming that
// action and that person, signed as the unsubscribe link is. Whoever holds the mail may appeal
// that one action and read its decision, and nothing else; the action's own year of appeal bounds
// it, so the link carries no expiry of its own.
import { fromSegment, macMatches, segment, signedMac } from "./signed-link";

export interface AppealLinkTarget {
  actionId: string;
  userId: string;
}

const mac = (secret: string, { actionId, userId }: AppealLinkTarget) =>
  signedMac(secret, "appeal", [actionId, userId]);

/** `action.user.mac`, the ids in base64url so the token is one URL path segment. */
export function appealToken(secret: string, target: AppealLinkTarget): string {
  return `${segment(target.actionId)}.${segment(target.userId)}.${mac(secret, target)}`;
}

/** The action and person a token names, or null when it is not one we signed. */
export function readAppealToken(secret: string, token: string): AppealLinkTarget | null {
  const [action, user, given, ...rest] = token.split(".");
  if (rest.length > 0 || !action || !user || !given) return null;
  const target = { actionId: fromSegment(action), userId: fromSegment(user) };
  return macMatches(given, mac(secret, target)) ? target : null;
}

/** The web app's signed-out appeal page, beside the unsubscribe page under /settings (a reserved
 * handle, so no person's page). */
export const appealUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/settings/appeal/${encodeURIComponent(token)}`;
