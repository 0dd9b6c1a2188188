// Test data for Settings' account sections (docs/accounts.md): sessions shaped as the API sends
// them, and the account API of one viewer for the fetch stub of posts.tsx, holding its sessions
// and password like the server.
import { changePasswordBody, type SessionView } from "../../domain/contracts/account";
import { json, type Route } from "./posts";

export const THIS_DEVICE: SessionView = {
  id: "s-this",
  browser: "Chrome 131",
  system: "macOS 14.5",
  createdAt: "2026-03-01T12:00:00.000Z",
  lastSeenAt: new Date().toISOString(),
  current: true,
};

let serial = 0;
export function makeSession(overrides: Partial<SessionView> = {}): SessionView {
  serial += 1;
  return {
    id: `s${serial}`,
    browser: "Firefox 128",
    system: "Windows 10",
    createdAt: "2026-03-10T12:00:00.000Z",
    lastSeenAt: new Date(Date.now() - serial * 3_600_000).toISOString(),
    current: false,
    ...overrides,
  };
}

export interface AccountState {
  sessions: SessionView[];
  password: string;
}

export const accountState = (
  others: SessionView[] = [],
  password = "old password 1",
): AccountState => ({ sessions: [THIS_DEVICE, ...others], password });

const fieldError = (field: string, message: string) =>
  json({ error: { code: "validation_error", message, fields: { [field]: [message] } } }, 400);

/** The viewer's account API over `state`; anything else is left to the next route. */
export function accountApi(state: AccountState): Route {
  const endOthers = () => {
    const ended = state.sessions.filter((session) => !session.current).length;
    state.sessions = state.sessions.filter((session) => session.current);
    return ended;
  };
  return ({ method, path, body }) => {
    // No data export yet (export.ts answers for the section's own tests).
    if (method === "GET" && path === "/api/account/export") {
      return json({ export: null, nextRequestAt: null });
    }
    if (method === "GET" && path === "/api/account/sessions") {
      return json({ items: state.sessions });
    }
    if (method === "POST" && path === "/api/account/sessions/sign-out-others") {
      return json({ ended: endOthers() });
    }
    const one = /^\/api\/account\/sessions\/([^/?]+)$/.exec(path);
    if (method === "DELETE" && one) {
      const session = state.sessions.find((s) => s.id === one[1]);
      if (!session)
        return json({ error: { code: "not_found", message: "Session not found." } }, 404);
      if (session.current) return fieldError("sessionId", "Use Logout to end this session.");
      state.sessions = state.sessions.filter((s) => s !== session);
      return json({ ended: 1 });
    }
    if (method === "POST" && path === "/api/account/password") {
      const { currentPassword, newPassword } = changePasswordBody.parse(body);
      if (currentPassword !== state.password) {
        return fieldError("currentPassword", "Current password is incorrect.");
      }
      if (newPassword === "password123") {
        return fieldError("newPassword", "This password is too common.");
      }
      state.password = newPassword;
      return json({ ended: endOthers() });
    }
    return undefined;
  };
}
