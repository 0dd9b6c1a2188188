// Single-use challenges (a passkey ceremony, a live face check), kept in the auth library's
// verifications table under a '{kind}:{id}' identifier until taken or expired.
import { and, eq, gt, like, lte } from "drizzle-orm";
import type { Db } from "./client";
import { verifications } from "./schema/auth";

export type ChallengeKind = "webauthn" | "face";

const challengeKey = (kind: ChallengeKind, id: string) => `${kind}:${id}`;

export async function storeChallenge(
  db: Db,
  kind: ChallengeKind,
  input: { id: string; value: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({
    id: input.id,
    identifier: challengeKey(kind, input.id),
    value: input.value,
    expiresAt: input.expiresAt,
  });
}

/** Takes a challenge out, once: its value, unless it is unknown, used or expired. Expired ones
 * of the same kind (begun and never finished) go at the same time. */
export async function takeChallenge(
  db: Db,
  kind: ChallengeKind,
  id: string,
  now: Date,
): Promise<string | undefined> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${kind}:%`), lte(verifications.expiresAt, now)));
  const rows = await db
    .delete(verifications)
    .where(
      and(eq(verifications.identifier, challengeKey(kind, id)), gt(verifications.expiresAt, now)),
    )
    .returning({ value: verifications.value });
  return rows[0]?.value;
}
