// SQL of the export rows (docs/accounts.md "Your data"): asking for one, the builder's claim and
// progress, the finished file, and what the sweep removes. The person's own data is read by
// data-queries.ts.
import { and, desc, eq, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { accountExports } from "../../db/schema/exports";

export type ExportRow = typeof accountExports.$inferSelect;

/** The person's newest export that is still kept (an expired one is as good as gone). */
export async function latestExportOf(db: Db, userId: string, now: Date) {
  const rows = await db
    .select()
    .from(accountExports)
    .where(
      and(
        eq(accountExports.userId, userId),
        or(sql`${accountExports.expiresAt} is null`, sql`${accountExports.expiresAt} > ${now}`),
      ),
    )
    .orderBy(desc(accountExports.requestedAt))
    .limit(1);
  return rows[0];
}

/** When the person last asked for an export that did not fail (the daily limit counts these). */
export async function lastCountedRequestOf(db: Db, userId: string): Promise<Date | null> {
  const rows = await db
    .select({ requestedAt: accountExports.requestedAt })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), ne(accountExports.status, "failed")))
    .orderBy(desc(accountExports.requestedAt))
    .limit(1);
  return rows[0]?.requestedAt ?? null;
}

/** A new building export, or undefined when one is building already (one at a time). */
export async function insertExport(db: Db, userId: string, now: Date) {
  const rows = await db
    .insert(accountExports)
    .values({ userId, requestedAt: now })
    .onConflictDoNothing({
      target: accountExports.userId,
      where: sql`${accountExports.status} = 'building'`,
    })
    .returning();
  return rows[0];
}

export async function findExport(db: Db, exportId: string) {
  const rows = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.id, exportId))
    .limit(1);
  return rows[0];
}

/**
 * Takes the build: a building export nobody has shown life for within `staleMs` (or never).
 * undefined when it is not building any more, or someone else is building it right now.
 */
export async function claimBuild(db: Db, exportId: string, now: Date, staleMs: number) {
  const staleBefore = new Date(now.getTime() - staleMs);
  const rows = await db
    .update(accountExports)
    .set({ heartbeatAt: now, itemsDone: 0, stage: null })
    .where(
      and(
        eq(accountExports.id, exportId),
        eq(accountExports.status, "building"),
        or(
          sql`${accountExports.heartbeatAt} is null`,
          lte(accountExports.heartbeatAt, staleBefore),
        ),
      ),
    )
    .returning();
  return rows[0];
}

/** The builder's progress, which is also its heartbeat. */
export async function writeProgress(
  db: Db,
  exportId: string,
  progress: { stage: string; itemsDone: number; itemsTotal?: number },
): Promise<void> {
  await db
    .update(accountExports)
    .set({ ...progress, heartbeatAt: new Date() })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, "building")));
}

/** A failed build lets go, so the next attempt takes it at once. */
export async function releaseBuild(db: Db, exportId: string): Promise<void> {
  await db
    .update(accountExports)
    .set({ heartbeatAt: null })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, "building")));
}

/** Where the person signed up: the ready e-mail goes there. */
export async function signUpAddressOf(db: Db, userId: string): Promise<string | undefined> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return rows[0]?.email;
}

/** Marks the build done; false when it was no longer building (taken over, or swept). */
export async function markReady(
  db: Db,
  exportId: string,
  done: { objectKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date; items: number },
): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({
      status: "ready",
      objectKey: done.objectKey,
      sizeBytes: done.sizeBytes,
      readyAt: done.readyAt,
      expiresAt: done.expiresAt,
      itemsDone: done.items,
      itemsTotal: done.items,
      stage: null,
    })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, "building")))
    .returning({ id: accountExports.id });
  return rows.length > 0;
}

/** Builds nobody has shown life for since `staleBefore` become failed, kept until `keepUntil`. */
export async function failStaleBuilds(
  db: Db,
  { staleBefore, keepUntil }: { staleBefore: Date; keepUntil: Date },
): Promise<number> {
  const rows = await db
    .update(accountExports)
    .set({ status: "failed", expiresAt: keepUntil, stage: null })
    .where(
      and(
        eq(accountExports.status, "building"),
        lte(
          sql`coalesce(${accountExports.heartbeatAt}, ${accountExports.requestedAt})`,
          staleBefore,
        ),
      ),
    )
    .returning({ id: accountExports.id });
  return rows.length;
}

/** Expired exports, oldest first, with the file each one left. */
export function expiredExports(db: Db, now: Date, limit: number) {
  return db
    .select({ id: accountExports.id, objectKey: accountExports.objectKey })
    .from(accountExports)
    .where(and(isNotNull(accountExports.expiresAt), lte(accountExports.expiresAt, now)))
    .orderBy(accountExports.expiresAt)
    .limit(limit);
}

export async function deleteExport(db: Db, exportId: string): Promise<void> {
  await db.delete(accountExports).where(eq(accountExports.id, exportId));
}
