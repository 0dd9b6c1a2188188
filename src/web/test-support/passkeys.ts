// Test data for passkeys (docs/accounts.md "Passkeys"): passkeys shaped as the API sends them, and
// the passkey API of one viewer for the fetch stub of posts.tsx, holding their passkeys like the
// server (names checked by the shared contract, challenges single-use). The browser's ceremony is
// the unit tests' own mock of @simplewebauthn/browser; the e2e drives the real one.
import { addPasskeyBody, type PasskeyView } from "../../domain/contracts/passkeys";
import { json, type Route } from "./posts";

let serial = 0;
export function makePasskey(overrides: Partial<PasskeyView> = {}): PasskeyView {
  serial += 1;
  return {
    id: `pk${serial}`,
    name: `Passkey ${serial}`,
    createdAt: "2026-03-01T12:00:00.000Z",
    lastUsedAt: null,
    backedUp: false,
    ...overrides,
  };
}

export interface PasskeyState {
  passkeys: PasskeyView[];
  /** Challenges handed out and not used yet. */
  challenges: Set<string>;
}

export const passkeyState = (passkeys: PasskeyView[] = []): PasskeyState => ({
  passkeys,
  challenges: new Set(),
});

const refused = (message: string, status = 400) =>
  json({ error: { code: status === 404 ? "not_found" : "validation_error", message } }, status);

/** A registration's options as the server's library writes them. */
export const CREATION_OPTIONS = {
  challenge: "Y3JlYXRl",
  rp: { name: "chtcht", id: "localhost" },
  user: { id: "dTE", name: "ada@example.org", displayName: "Ada Lovelace" },
  pubKeyCredParams: [{ alg: -7, type: "public-key" }],
};

/** A sign-in's options: no list of credentials, the authenticator offers the site's own. */
export const REQUEST_OPTIONS = { challenge: "c2lnbi1pbg", rpId: "localhost" };

/** The viewer's passkey API over `state`; anything else is left to the next route. */
export function passkeysApi(state: PasskeyState): Route {
  const issue = (options: object) => {
    const challengeId = `ch${state.challenges.size + 1}-${Date.now()}`;
    state.challenges.add(challengeId);
    return json({ challengeId, options });
  };
  const redeem = (challengeId: unknown) =>
    typeof challengeId === "string" && state.challenges.delete(challengeId);

  return ({ method, path, body }) => {
    if (method === "GET" && path === "/api/account/passkeys") {
      return json({ items: state.passkeys });
    }
    if (method === "POST" && path === "/api/account/passkeys/options") {
      return issue(CREATION_OPTIONS);
    }
    if (method === "POST" && path === "/api/account/passkeys") {
      const parsed = addPasskeyBody.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Invalid");
      if (!redeem(parsed.data.challengeId)) {
        return refused("The passkey could not be added. Please try again.");
      }
      const added = makePasskey({ name: parsed.data.name, createdAt: new Date().toISOString() });
      state.passkeys = [...state.passkeys, added];
      return json(added, 201);
    }
    const one = /^\/api\/account\/passkeys\/([^/?]+)$/.exec(path);
    const passkey = one ? state.passkeys.find((p) => p.id === one[1]) : undefined;
    if (one && (method === "PATCH" || method === "DELETE")) {
      if (!passkey) return refused("This passkey has been removed.", 404);
      if (method === "DELETE") {
        state.passkeys = state.passkeys.filter((p) => p !== passkey);
        return json({ removed: 1 });
      }
      const name = String((body as { name?: unknown }).name ?? "").trim();
      state.passkeys = state.passkeys.map((p) => (p === passkey ? { ...p, name } : p));
      return json({ name });
    }
    if (method === "POST" && path === "/api/auth/passkey/options") {
      return issue(REQUEST_OPTIONS);
    }
    return undefined;
  };
}
