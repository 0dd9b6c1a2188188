// What federation reads and moves of a profile (docs/federation.md): a person as a signed-out
// visitor sees them (a remote server sees that, and less), who holds a handle, and the follow
// counters that include people on other servers.
import type { ProfileView } from "../../../domain/contracts/profiles";
import { normalizeHandle } from "../../../domain/handles";
import type { Db } from "../../db/client";
import { presentProfile } from "./present";
import { findProfileByUserId, findProfilePage } from "./queries";

export { countPeople, followCountersOf, stepFollowCounters } from "./federation-queries";

/** The profile as a signed-out visitor sees it, and whether its owner shows in demographic search;
 * null for a suspended or missing person. */
export async function visitorProfileOf(
  db: Db,
  userId: string,
): Promise<{ profile: ProfileView; discoverable: boolean; detailsElsewhere: boolean } | null> {
  const row = await findProfileByUserId(db, userId);
  if (!row || row.profile.suspendedAt !== null) return null;
  return {
    profile: presentProfile(row, "other", { postsSeen: !row.profile.privateAccount }),
    discoverable: row.profile.demographicSearch,
    detailsElsewhere: row.profile.detailsElsewhere,
  };
}

/** Whether the person still has an account (suspended or not). */
export async function accountExists(db: Db, userId: string): Promise<boolean> {
  return (await findProfileByUserId(db, userId)) !== undefined;
}

/** The user id behind a handle (a reserved username or a default one); null when none. */
export async function userIdOfHandle(db: Db, handle: string): Promise<string | null> {
  const normalized = normalizeHandle(handle);
  if (!normalized) return null;
  const page = await findProfilePage(db, normalized, null);
  return page && page.profile.suspendedAt === null ? page.profile.userId : null;
}
