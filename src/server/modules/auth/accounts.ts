// What other modules read and change of the accounts auth keeps (db/schema/auth.ts): who uses an
// address, a person's address, when an account was made (the search budget), and ending every session of a suspended person
// (docs/safety.md "Moderate"), in the caller's transaction.
import type { Db } from "../../db/client";
import { deleteSessionsOf, findCreatedAtOfUser, findEmailOfUser, findUserByEmail } from "./queries";

/** The account using `email` (its id and whether the address is verified), if any. */
export const accountByEmail = (db: Db, email: string) => findUserByEmail(db, email);

export const emailOfAccount = (db: Db, userId: string) => findEmailOfUser(db, userId);

export const endSessionsOf = (tx: Db, userId: string) => deleteSessionsOf(tx, userId);

/** When the account was made (it never changes); null for an account that is gone. */
export const accountCreatedAt = async (db: Db, userId: string): Promise<Date | null> =>
  (await findCreatedAtOfUser(db, userId)) ?? null;
