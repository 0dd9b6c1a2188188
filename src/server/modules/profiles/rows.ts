// What other modules read of a profile (docs/architecture.md "Layers"): the signed-in person's
// names and address (a purchase's receipt, its checkout), the whole row (a data export, the face
// check) and the images it shows. They call these, never profiles/queries.ts.
import type { Db } from "../../db/client";
import { findProfileByUserId, findSessionProfile } from "./queries";

export { mediaUrlsOf, type ProfileRow } from "./queries";

/** The person's handle parts and e-mail address, as the session shows them. */
export const sessionProfileOf = (db: Db, userId: string) => findSessionProfile(db, userId);

/** The whole profile row with its pictures. */
export const profileRowOf = (db: Db, userId: string) => findProfileByUserId(db, userId);
