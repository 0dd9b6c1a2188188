// One-click unsubscribe (RFC 8058; docs/mail.md "Unsubscribe headers"): each e-mail the product
// sends on its own account of a person (the daily digest, message notices) carries a link naming
// that person and that kind of e-mail, signed with the session secret as the sign-up proof is
// (modules/auth/signup-proof.ts), so only links we made are honoured. The link does not expire: a
// mail read a year later must still stop the next one.
import {
  type UnsubscribeKind,
  unsubscribeKinds,
} from "../../domain/contracts/notification-settings";
import { fromSegment, macMatches, segment, signedMac } from "./signed-link";

interface LinkKey {
  secret: string;
}

export interface UnsubscribeTarget {
  userId: string;
  kind: UnsubscribeKind;
}

const mac = (secret: string, { userId, kind }: UnsubscribeTarget) =>
  signedMac(secret, "unsubscribe", [userId, kind]);

/** `kind.userId.mac`, the user id in base64url so the token is one URL path segment. */
export function unsubscribeToken(key: LinkKey, target: UnsubscribeTarget): string {
  return `${target.kind}.${segment(target.userId)}.${mac(key.secret, target)}`;
}

/** The person and kind a token names, or null when it is not one we signed. */
export function readUnsubscribeToken(key: LinkKey, token: string): UnsubscribeTarget | null {
  const [kind, user, given, ...rest] = token.split(".");
  if (rest.length > 0 || !kind || !user || !given) return null;
  if (!(unsubscribeKinds as readonly string[]).includes(kind)) return null;
  const target = {
    userId: fromSegment(user),
    kind: kind as UnsubscribeKind,
  };
  return macMatches(given, mac(key.secret, target)) ? target : null;
}

/** The unsubscribe page (modules/notifications/unsubscribe-page-routes.ts): a page, so outside
 * /api, where answers are JSON. Links mailed before went to /api/unsubscribe/, which sends a
 * browser here. */
export const unsubscribePath = (token: string) =>
  `/settings/unsubscribe/${encodeURIComponent(token)}`;

/** The link in the mail's body and its List-Unsubscribe header. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${unsubscribePath(token)}`;

/** RFC 2369 List-Unsubscribe and RFC 8058 List-Unsubscribe-Post: a mail client's 'Unsubscribe'
 * button then POSTs `List-Unsubscribe=One-Click` to the link, without a cookie. */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});
