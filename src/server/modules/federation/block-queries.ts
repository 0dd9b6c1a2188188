// The SQL of blocks that cross servers and of moderators' domain blocks (docs/federation.md
// "Blocks", "Domain blocks").
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { fedActors, fedBlockedBy, fedBlocks, fedDomainBlocks } from "../../db/schema/federation";

export async function insertBlock(
  db: Db,
  row: { userId: string; actorId: string; blockUri: string },
): Promise<boolean> {
  const rows = await db
    .insert(fedBlocks)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: fedBlocks.userId });
  return rows.length > 0;
}

export async function deleteBlock(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
) {
  const [row] = await db
    .delete(fedBlocks)
    .where(and(eq(fedBlocks.userId, userId), eq(fedBlocks.actorId, actorId)))
    .returning({ blockUri: fedBlocks.blockUri });
  return row?.blockUri ?? null;
}

export async function blocksActor(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(fedBlocks)
    .where(and(eq(fedBlocks.userId, userId), eq(fedBlocks.actorId, actorId)));
  return row !== undefined;
}

export async function insertBlockedBy(db: Db, row: { actorId: string; userId: string }) {
  await db.insert(fedBlockedBy).values(row).onConflictDoNothing();
}

export async function deleteBlockedBy(db: Db, row: { actorId: string; userId: string }) {
  await db
    .delete(fedBlockedBy)
    .where(and(eq(fedBlockedBy.actorId, row.actorId), eq(fedBlockedBy.userId, row.userId)));
}

export async function blockedByActor(
  db: Db,
  { userId, actorId }: { userId: string; actorId: string },
) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(fedBlockedBy)
    .where(and(eq(fedBlockedBy.actorId, actorId), eq(fedBlockedBy.userId, userId)));
  return row !== undefined;
}

export type DomainSeverity = "suspend" | "silence" | "reject_media";

/** Read at the door for every activity that arrives: a hot read (db/prepared.ts). */
const severityOf = preparedPer((db) =>
  db
    .select({ severity: fedDomainBlocks.severity })
    .from(fedDomainBlocks)
    .where(eq(fedDomainBlocks.host, sql.placeholder("host")))
    .prepare("fed_domain_block_of"),
);

export async function domainBlockOf(db: Db, host: string): Promise<DomainSeverity | null> {
  const [row] = await severityOf(db).execute({ host: host.toLowerCase() });
  return (row?.severity as DomainSeverity | undefined) ?? null;
}

export function listDomainBlocks(db: Db) {
  return db.select().from(fedDomainBlocks).orderBy(fedDomainBlocks.host);
}

export async function putDomainBlock(
  db: Db,
  row: { host: string; severity: DomainSeverity; note: string },
): Promise<void> {
  await db
    .insert(fedDomainBlocks)
    .values(row)
    .onConflictDoUpdate({
      target: fedDomainBlocks.host,
      set: { severity: row.severity, note: row.note },
    });
}

export async function deleteDomainBlock(db: Db, host: string): Promise<boolean> {
  const rows = await db
    .delete(fedDomainBlocks)
    .where(eq(fedDomainBlocks.host, host))
    .returning({ host: fedDomainBlocks.host });
  return rows.length > 0;
}

/** The people we know of on a server. */
export async function actorIdsOnHost(db: Db, host: string): Promise<string[]> {
  const rows = await db
    .select({ id: fedActors.id })
    .from(fedActors)
    .where(eq(fedActors.host, host));
  return rows.map((r) => r.id);
}
