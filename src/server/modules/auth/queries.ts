// SQL for the auth tables that the accounts use-cases read themselves (better-auth owns the rest).
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { sessions, users, verifications } from "../../db/schema/auth";
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "./better-auth";

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return rows[0];
}

export async function findEmailOfUser(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** When the account was made; undefined for an account that is gone. */
export async function findCreatedAtOfUser(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.createdAt;
}

/** The account a pending two-factor sign-in belongs to: better-auth keeps the sign-in as a
 * verification row named by its cookie's value, whose value is the user id. */
export async function pendingSignInUserId(db: Db, identifier: string) {
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)))
    .limit(1);
  return row?.userId;
}

/** Removes an account; its sessions and credentials cascade. */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Ends every session of the user (suspension; docs/safety.md). */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** How stale a session's last-seen time may grow before a request writes it again. */
const SEEN_EVERY = sql`interval '5 minutes'`;

/** Past this much of its life left, better-auth moves a session's expiry on (updateAge). */
const REFRESH_WHEN_LEFT = sql.raw(
  `interval '${SESSION_EXPIRES_IN_S - SESSION_UPDATE_AGE_S} seconds'`,
);

/** The session of a cookie's verified token, with what the viewer resolver decides on: whether it
 * is live, whether better-auth would refresh its expiry now, whether its last-seen time is stale. */
const sessionByToken = preparedPer((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      live: sql<boolean>`${sessions.expiresAt} > now()`,
      refreshDue: sql<boolean>`${sessions.expiresAt} <= now() + ${REFRESH_WHEN_LEFT}`,
      seenStale: sql<boolean>`${sessions.lastSeenAt} < now() - ${SEEN_EVERY}`,
    })
    .from(sessions)
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("session_by_token"),
);

export async function findSessionByToken(db: Db, token: string) {
  const [row] = await sessionByToken(db).execute({ token });
  return row;
}

export type SessionByToken = NonNullable<Awaited<ReturnType<typeof findSessionByToken>>>;

/** Marks the session used now ('Where you're signed in', docs/accounts.md); a no-op when it was
 * marked in the last five minutes, so active people cost one write each five minutes at most. */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - ${SEEN_EVERY}`)));
}
