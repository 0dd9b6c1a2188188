// Who is signed in, from a request's Cookie header: a session cookie is verified once, then the
// session cache answers for up to a minute (session-cache.ts; docs/architecture.md "Accounts").
// The HTTP viewer hook and the realtime gateway both use this one function.
//
// On a cache miss the cookie's signature is checked here (better-call's format: the token, a dot,
// base64 HMAC-SHA256 of the token under the app's secret) and the session read in one prepared
// statement (queries.ts findSessionByToken). Whatever that read cannot settle alone goes to
// better-auth's own getSession, which then applies its rules: a session that is gone or expired
// (it deletes the expired one), and one whose expiry is due to move on (updateAge), about once a
// day per session (docs/performance.md "Profile and post pages").
import { createHmac, timingSafeEqual } from "node:crypto";
import { getCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import { readCookie } from "../../http/request";
import type { ResolveViewer } from "../../http/viewer";
import type { Auth } from "./better-auth";
import type { SessionByToken } from "./queries";
import type { SessionCache } from "./session-cache";

export interface SessionStore {
  /** The session row of a verified token, if any. */
  find(token: string): Promise<SessionByToken | undefined>;
  /** Hears of a verified session whose last-seen time is stale (docs/accounts.md); must not throw. */
  seen(sessionId: string): void;
}

/** The token of a cookie value signed under `secret`; null when the signature does not match. */
export function verifiedToken(cookie: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function createViewerResolver(
  auth: Auth,
  sessions: SessionCache,
  store: SessionStore,
): ResolveViewer {
  const cookieName = getCookies(auth.options).sessionToken.name;
  const secret = auth.options.secret as string;
  return (headers) => {
    const cookie = readCookie(headers.cookie, cookieName);
    if (!cookie) return Promise.resolve(null);
    return sessions.userId(cookie, async () => {
      const token = verifiedToken(cookie, secret);
      if (!token) return null;
      const row = await store.find(token);
      if (row?.live && !row.refreshDue) {
        if (row.seenStale) store.seen(row.id);
        return { userId: row.userId, expiresAt: row.expiresAt };
      }
      if (!row) return null;
      const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
      if (!found) return null;
      store.seen(found.session.id);
      return { userId: found.user.id, expiresAt: new Date(found.session.expiresAt) };
    });
  };
}
