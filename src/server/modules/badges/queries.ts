// SQL of badge requests (docs/safety.md "Badges"), db first so the same code runs in a transaction.
import { and, desc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { BadgeKind, BadgeStatus } from "../../../domain/contracts/badges";
import type { Db } from "../../db/client";
import { decodeCursor, keysetBefore, pageOf } from "../../db/keyset";
import { users } from "../../db/schema/auth";
import { badgeRequests } from "../../db/schema/badges";
import { profiles } from "../../db/schema/profiles";
import { personColumns } from "../profiles/person";

export type BadgeRequestRow = typeof badgeRequests.$inferSelect;

/** The person's newest request of each kind. */
export async function latestRequestsOf(db: Db, userId: string): Promise<BadgeRequestRow[]> {
  return db
    .selectDistinctOn([badgeRequests.kind])
    .from(badgeRequests)
    .where(eq(badgeRequests.userId, userId))
    .orderBy(badgeRequests.kind, desc(badgeRequests.createdAt));
}

export async function latestRequestOf(
  db: Db,
  { userId, kind }: { userId: string; kind: BadgeKind },
): Promise<BadgeRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(badgeRequests)
    .where(and(eq(badgeRequests.userId, userId), eq(badgeRequests.kind, kind)))
    .orderBy(desc(badgeRequests.createdAt))
    .limit(1);
  return row;
}

/** The request, locked for the decision or the answer that changes it. */
export async function lockRequest(db: Db, id: string): Promise<BadgeRequestRow | undefined> {
  const [row] = await db.select().from(badgeRequests).where(eq(badgeRequests.id, id)).for("update");
  return row;
}

export async function insertRequest(
  db: Db,
  values: typeof badgeRequests.$inferInsert,
): Promise<BadgeRequestRow> {
  const [row] = await db.insert(badgeRequests).values(values).returning();
  if (!row) throw new Error("badge request insert returned nothing");
  return row;
}

export async function updateRequest(
  db: Db,
  id: string,
  values: Partial<typeof badgeRequests.$inferInsert>,
): Promise<void> {
  await db.update(badgeRequests).set(values).where(eq(badgeRequests.id, id));
}

/** What a badge decision reads of the person: their badges, face verification and address. */
export async function badgeStateOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      verificationType: profiles.verificationType,
      veteran: profiles.veteran,
      faceVerifiedAt: profiles.faceVerifiedAt,
      militaryBranch: profiles.militaryBranch,
      email: users.email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  return row;
}

/** The moderators' queue of one status, newest change first, keyset-paginated. */
export async function queuePage(
  db: Db,
  { status, limit, cursor }: { status: BadgeStatus; limit: number; cursor?: string | undefined },
) {
  const after = keysetBefore(
    { at: badgeRequests.updatedAt, id: badgeRequests.id, idType: "uuid" },
    decodeCursor(cursor),
  );
  const rows = await db
    .select({ request: badgeRequests, person: personColumns })
    .from(badgeRequests)
    .innerJoin(profiles, eq(profiles.userId, badgeRequests.userId))
    .where(and(eq(badgeRequests.status, status), after))
    .orderBy(desc(badgeRequests.updatedAt), desc(badgeRequests.id))
    .limit(limit + 1);
  return pageOf(rows, limit, (r) => ({ at: r.request.updatedAt, id: r.request.id }));
}

/** Decided requests whose document is still kept and was decided at or before `before`. */
export async function proofsDue(db: Db, { before, limit }: { before: Date; limit: number }) {
  return db
    .select({ id: badgeRequests.id, proofUrl: badgeRequests.proofUrl })
    .from(badgeRequests)
    .where(
      and(
        isNotNull(badgeRequests.proofUrl),
        isNull(badgeRequests.proofDeletedAt),
        lte(badgeRequests.decidedAt, before),
      ),
    )
    .orderBy(badgeRequests.decidedAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markProofDeleted(db: Db, { id, now }: { id: string; now: Date }) {
  await db
    .update(badgeRequests)
    .set({ proofDeletedAt: now, proofUrl: null })
    .where(eq(badgeRequests.id, id));
}

/** Whether a document is still kept for a request (its URL is cleared when it is deleted). */
export async function isProofKept(db: Db, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: badgeRequests.id })
    .from(badgeRequests)
    .where(eq(badgeRequests.proofUrl, url))
    .limit(1);
  return row !== undefined;
}
