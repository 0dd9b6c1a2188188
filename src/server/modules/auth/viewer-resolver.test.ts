import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Auth } from "./better-auth";
import type { SessionByToken } from "./queries";
import { SessionCache } from "./session-cache";
import { createViewerResolver, verifiedToken } from "./viewer-resolver";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const COOKIE = "chtcht.session_token";

/** The cookie better-auth sets (better-call's signCookieValue), URL-encoded as browsers send it. */
const signed = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

const row = (overrides: Partial<SessionByToken> = {}): SessionByToken => ({
  id: "s1",
  userId: "u1",
  expiresAt: new Date("2026-12-20T00:00:00Z"),
  live: true,
  refreshDue: false,
  seenStale: false,
  ...overrides,
});

function setup(found: SessionByToken | undefined) {
  const getSession = vi.fn(async () => ({
    session: { id: "s1", expiresAt: new Date("2026-12-25T00:00:00Z") },
    user: { id: "u1" },
  }));
  const auth = {
    options: { secret: SECRET, advanced: { cookiePrefix: "chtcht" } },
    api: { getSession },
  } as unknown as Auth;
  const store = { find: vi.fn(async () => found), seen: vi.fn() };
  const resolve = createViewerResolver(auth, new SessionCache(), store);
  const ask = (cookie: string) => resolve({ cookie: `${COOKIE}=${cookie}` });
  return { ask, store, getSession };
}

describe("verifiedToken", () => {
  it("answers the token of a cookie signed with the secret", () => {
    expect(verifiedToken(signed("tok.en-1"), SECRET)).toBe("tok.en-1");
  });

  it("refuses another secret's signature, a changed token and a cookie without one", () => {
    expect(verifiedToken(signed("token", "another-secret-of-thirty-two-characters"), SECRET)).toBe(
      null,
    );
    expect(verifiedToken(signed("token").replace("token", "tokem"), SECRET)).toBe(null);
    expect(verifiedToken("token", SECRET)).toBe(null);
    expect(verifiedToken("%E0%A4%A", SECRET)).toBe(null);
  });
});

describe("createViewerResolver", () => {
  it("answers a live session from its one read, without the auth library", async () => {
    const { ask, store, getSession } = setup(row());
    expect(await ask(signed("token"))).toBe("u1");
    expect(store.find).toHaveBeenCalledWith("token");
    expect(getSession).not.toHaveBeenCalled();
    expect(store.seen).not.toHaveBeenCalled();
  });

  it("marks a session seen only when its last-seen time is stale", async () => {
    const { ask, store } = setup(row({ seenStale: true }));
    await ask(signed("token"));
    expect(store.seen).toHaveBeenCalledWith("s1");
  });

  it("leaves a refresh that is due, and an expired session, to the auth library", async () => {
    for (const found of [row({ refreshDue: true }), row({ live: false })]) {
      const { ask, getSession } = setup(found);
      expect(await ask(signed("token"))).toBe("u1");
      expect(getSession).toHaveBeenCalledOnce();
    }
  });

  it("signs nobody in for a forged cookie or an unknown token, without asking further", async () => {
    const forged = setup(row());
    expect(await forged.ask(signed("token", "another-secret-of-thirty-two-characters"))).toBe(null);
    expect(forged.store.find).not.toHaveBeenCalled();
    const unknown = setup(undefined);
    expect(await unknown.ask(signed("token"))).toBe(null);
    expect(unknown.getSession).not.toHaveBeenCalled();
  });
});
