// SQL for a private account's settings on its profile row (docs/social-and-realtime.md "Private
// accounts"): whether the account is private and who may open its follow lists. Follows keeps
// these columns as it keeps the counters beside them.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";

const privacyColumns = {
  privateAccount: profiles.privateAccount,
  followersAudience: profiles.followersAudience,
  followingAudience: profiles.followingAudience,
  detailsElsewhere: profiles.detailsElsewhere,
};

export async function readPrivacy(db: Db, userId: string) {
  const [row] = await db
    .select(privacyColumns)
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}

/** Writes the changes; the settings after them, or undefined when there is no such profile. */
export async function writePrivacy(
  tx: Db,
  userId: string,
  changes: Partial<{
    privateAccount: boolean;
    followersAudience: string;
    followingAudience: string;
    detailsElsewhere: boolean;
  }>,
) {
  const [row] = await tx
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning(privacyColumns);
  return row;
}
