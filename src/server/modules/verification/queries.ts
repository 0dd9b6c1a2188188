// SQL of face verification (spec-2 §3 "update verification fields by user_id"), db first.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";

/**
 * Sets the black badge, only while the profile still shows the photo the capture was compared
 * with; false when the avatar changed meanwhile (nothing is written then). A yellow badge stays
 * yellow (docs/profiles-and-media.md "Badges": yellow wins over black); the face fields are still
 * written, so the black badge shows if yellow is revoked.
 */
export async function markFaceVerified(
  db: Db,
  opts: {
    userId: string;
    comparedWith: string;
    verifiedAt: Date;
    captureUrl: string;
    score: number;
  },
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({
      verificationType: sql`case when ${profiles.verificationType} = 'yellow' then 'yellow' else 'black' end`,
      faceVerifiedAt: opts.verifiedAt,
      faceCaptureUrl: opts.captureUrl,
      faceMatchScore: opts.score,
      updatedAt: opts.verifiedAt,
    })
    .where(and(eq(profiles.userId, opts.userId), eq(profiles.profileImageUrl, opts.comparedWith)))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}
