// Whom a person may write to inside the product (docs/mail.md "Who can be written to",
// docs/safety.md "Block"). Not oneself (spec-1 §5). Someone who does not exist, is suspended or
// blocked the writer answers alike, 'You can't message this person.', so a block is never
// revealed; someone the writer blocks must be unblocked first.
import { eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../domain/error-codes";
import type { Db } from "../db/client";
import { profiles } from "../db/schema/profiles";
import { badRequest, conflict, forbidden } from "../errors";
import { BLOCKING_MESSAGE } from "./blocks";
import { blockBetween, canSee } from "./visibility";

export const SELF_MESSAGE = "You can't send a message to yourself.";
const CANNOT_MESSAGE = "You can't message this person.";

export const cannotMessage = () => forbidden(CANNOT_MESSAGE);

async function personExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function requireReachable(
  db: Db,
  { viewerId, userId }: { viewerId: string; userId: string },
): Promise<void> {
  if (userId === viewerId) throw badRequest(ERROR_CODES.validation, SELF_MESSAGE);
  if (!(await personExists(db, userId)) || !(await canSee(db, null, userId))) {
    throw cannotMessage();
  }
  const block = await blockBetween(db, viewerId, userId);
  if (block === "blocking") throw conflict(ERROR_CODES.conflict, BLOCKING_MESSAGE);
  if (block === "blocked") throw cannotMessage();
}
