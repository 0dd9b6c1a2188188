// SQL of account settings (docs/accounts.md): a person's live sessions, ending them, and the
// password hash. better-auth owns these tables; these read and write its rows by the person's id.
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, sessions } from "../../db/schema/auth";

export function liveSessionsOf(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the person's sessions; the number ended (0 when it is not theirs or is gone). */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of the person but `keepId`; the number of live ones ended (expired rows
 * go too, uncounted: the person never saw them listed). */
export async function deleteSessionsOfExcept(
  db: Db,
  userId: string,
  keepId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ expiresAt: sessions.expiresAt });
  return rows.filter((row) => row.expiresAt > now).length;
}

/** The person's password sign-in (better-auth's 'credential' account), with its hash. */
export async function credentialOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return rows[0];
}

export async function setPasswordHash(db: Db, accountId: string, hash: string): Promise<void> {
  await db
    .update(accounts)
    .set({ password: hash, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}
