// Who is signed in, from a request's Cookie header: the auth library verifies a session cookie
// once, then the session cache answers for up to a minute (session-cache.ts; docs/architecture.md
// "Accounts"). The HTTP viewer hook and the realtime gateway both use this one function.
import { getCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import { readCookie } from "../../http/request";
import type { ResolveViewer } from "../../http/viewer";
import type { Auth } from "./better-auth";
import type { SessionCache } from "./session-cache";

/** `seen` hears of each session the library verified (at most once a minute per cookie per
 * instance), to keep its last-seen time (docs/accounts.md); it must not throw. */
export function createViewerResolver(
  auth: Auth,
  sessions: SessionCache,
  seen: (sessionId: string) => void,
): ResolveViewer {
  const cookieName = getCookies(auth.options).sessionToken.name;
  return (headers) => {
    const cookie = readCookie(headers.cookie, cookieName);
    if (!cookie) return Promise.resolve(null);
    return sessions.userId(cookie, async () => {
      const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
      if (!found) return null;
      seen(found.session.id);
      return { userId: found.user.id, expiresAt: new Date(found.session.expiresAt) };
    });
  };
}
