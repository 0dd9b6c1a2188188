// What safety reads and changes of a profile (docs/safety.md "Report", "Moderate"): whether it
// exists, what a report on it shows, and the standing moderation sets (restricted until, suspended,
// the moderator role), each in the caller's transaction.
import { displayHandle } from "../../../domain/handles";
import type { Db } from "../../db/client";
import { profileExists as exists, findReportedProfile, setStanding } from "./queries";

export const profileExists = (db: Db, userId: string) => exists(db, userId);

/** The person's handle as shown, or null when there is no profile. */
export async function handleOfProfile(db: Db, userId: string): Promise<string | null> {
  const row = await findReportedProfile(db, userId);
  return row ? displayHandle(row) : null;
}

/** The profile's about text, avatar and handle, for a report on it. */
export async function reportedProfile(db: Db, userId: string) {
  const row = await findReportedProfile(db, userId);
  return row && { about: row.about, image: row.image, handle: displayHandle(row) };
}

export const restrictProfile = (tx: Db, userId: string, until: Date | null) =>
  setStanding(tx, userId, { restrictedUntil: until });

export const suspendProfile = (tx: Db, userId: string, at: Date) =>
  setStanding(tx, userId, { suspendedAt: at });

/** Ends the suspension only, leaving a restriction as it is (an appeal's undo: docs/safety.md
 * "Appeals"). */
export const unsuspendProfile = (tx: Db, userId: string) =>
  setStanding(tx, userId, { suspendedAt: null });

export const liftProfileStanding = (tx: Db, userId: string) =>
  setStanding(tx, userId, { restrictedUntil: null, suspendedAt: null });

export const makeModerator = (db: Db, userId: string) =>
  setStanding(db, userId, { role: "moderator" });
