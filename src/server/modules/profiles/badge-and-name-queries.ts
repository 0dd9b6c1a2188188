// SQL for the profile columns other modules set (docs/profiles-and-media.md "Badges",
// docs/usernames.md "Purchase"): the black badge of a face check, the badges a moderator grants
// or revokes, and a reserved username with the address it gives. Database handle first, so each
// runs in the caller's transaction.
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

export async function setBadges(
  db: Db,
  userId: string,
  values: { verificationType?: "none" | "yellow" | "black"; veteran?: boolean; now: Date },
): Promise<void> {
  const { now, ...badges } = values;
  await db
    .update(profiles)
    .set({ ...badges, updatedAt: now })
    .where(eq(profiles.userId, userId));
}

/** Puts the name on the profile: handle, profile URL and mail address change together; `name`
 * null gives back the default handle and its address. */
export async function setProfileUsername(
  db: Db,
  {
    userId,
    name,
    mailDomain,
    now,
  }: { userId: string; name: string | null; mailDomain: string; now: Date },
): Promise<void> {
  await db
    .update(profiles)
    .set({
      username: name,
      chtchtEmail:
        name === null
          ? sql`${profiles.defaultUsername} || ${`@${mailDomain}`}`
          : `${name}@${mailDomain}`,
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId));
}
