// What other modules read of a profile (docs/architecture.md "Layers"): the signed-in person's
// names and address (a purchase's receipt, its checkout), the whole row (a data export, the face
// check), the images it shows and people to list by id (the audit log, the badge queue). They call these, never profiles/queries.ts.
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { Db } from "../../db/client";
import { toPersonSummary } from "./person";
import { findProfileByUserId, findSessionProfile, personRowsByIds } from "./queries";

export { mediaUrlsOf, type ProfileRow } from "./queries";

/** The person's handle parts and e-mail address, as the session shows them. */
export const sessionProfileOf = (db: Db, userId: string) => findSessionProfile(db, userId);

/** The whole profile row with its pictures. */
export const profileRowOf = (db: Db, userId: string) => findProfileByUserId(db, userId);

/** The people among `ids` as lists show them, by user id (ids without a profile are absent). */
export async function peopleById(
  db: Db,
  ids: Iterable<string>,
): Promise<Map<string, PersonSummary>> {
  const rows = await personRowsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.userId, toPersonSummary(row)]));
}
