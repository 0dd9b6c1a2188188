// Account settings use-cases (docs/accounts.md): where the person is signed in, signing out
// other sessions, and changing the password. Ending a session publishes session.ended through the
// outbox, so every instance forgets it and closes its sockets (docs/social-and-realtime.md).
import type { SessionView } from "../../../domain/contracts/account";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest, unauthorized } from "../../errors";
import { describeAgent } from "../../infra/user-agent";
import { missing } from "../../policy/access";
import { assertPasswordAllowed } from "../auth/password-policy";
import { checkCurrentPassword } from "./current-password";
import {
  deleteSessionOf,
  deleteSessionsOfExcept,
  liveSessionsOf,
  setPasswordHash,
} from "./queries";

export type AccountDeps = Pick<AppContext, "db" | "auth" | "outbox" | "limits">;

/** The session and person of this request, as the auth library reads its cookie. */
export async function current(deps: AccountDeps, headers: Headers) {
  const found = await deps.auth.api.getSession({ headers });
  if (!found) throw unauthorized();
  return found;
}

export async function listSessions(
  deps: AccountDeps,
  { headers, now }: { headers: Headers; now: Date },
): Promise<{ items: SessionView[] }> {
  const { session, user } = await current(deps, headers);
  const rows = await liveSessionsOf(deps.db, user.id, now);
  // This browser's first, then the others by when they were last used.
  const ordered = [
    ...rows.filter((row) => row.id === session.id),
    ...rows.filter((row) => row.id !== session.id),
  ];
  return {
    items: ordered.map((row) => ({
      id: row.id,
      ...describeAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === session.id,
    })),
  };
}

/** Ends sessions of the person in one transaction with the event that closes them everywhere. */
function endSessions(
  deps: AccountDeps,
  userId: string,
  remove: (tx: AccountDeps["db"]) => Promise<number>,
): Promise<number> {
  return deps.outbox.transaction(async (tx, fx) => {
    const ended = await remove(tx);
    if (ended > 0) fx.publish({ type: "session.ended", userId });
    return ended;
  });
}

export async function signOutSession(
  deps: AccountDeps,
  { headers, sessionId }: { headers: Headers; sessionId: string },
): Promise<{ ended: number }> {
  const { session, user } = await current(deps, headers);
  if (sessionId === session.id) {
    throw badRequest(ERROR_CODES.validation, "Use Log out to sign out of this device.");
  }
  const ended = await endSessions(deps, user.id, (tx) => deleteSessionOf(tx, user.id, sessionId));
  if (ended === 0) throw missing("session");
  return { ended };
}

export async function signOutOtherSessions(
  deps: AccountDeps,
  { headers }: { headers: Headers },
): Promise<{ ended: number }> {
  const { session, user } = await current(deps, headers);
  const ended = await endSessions(deps, user.id, (tx) =>
    deleteSessionsOfExcept(tx, user.id, session.id, new Date()),
  );
  return { ended };
}

/**
 * Checks the current password (current-password.ts), then sets the new one and ends every other
 * session in one transaction. This browser stays signed in with its session.
 */
export async function changePassword(
  deps: AccountDeps,
  input: { headers: Headers; ip: string; currentPassword: string; newPassword: string },
): Promise<{ ended: number }> {
  const { session, user } = await current(deps, input.headers);
  assertPasswordAllowed(input.newPassword, "newPassword");
  const credential = await checkCurrentPassword(deps, {
    userId: user.id,
    email: user.email,
    ip: input.ip,
    password: input.currentPassword,
    field: "currentPassword",
  });
  const { password } = await deps.auth.$context;
  const hash = await password.hash(input.newPassword);
  const ended = await endSessions(deps, user.id, async (tx) => {
    await setPasswordHash(tx, credential.id, hash);
    return deleteSessionsOfExcept(tx, user.id, session.id, new Date());
  });
  return { ended };
}
