// What the viewer has done to a person (docs/safety.md "Block", "Mute"), and what a block refuses:
// the reads behind the profile's block and mute buttons, follows and messages. The block and mute
// use-cases that write these rows are in modules/safety/block-and-mute.ts.
import { sql } from "drizzle-orm";
import type { Relation } from "../../domain/contracts/safety";
import { ERROR_CODES } from "../../domain/error-codes";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors";
import type { BlockState } from "./visibility";

export interface Pair {
  viewerId: string;
  targetUserId: string;
}

export async function relationOf(db: Db, { viewerId, targetUserId }: Pair): Promise<Relation> {
  const [row] = await db
    .select({
      blocking: sql<boolean>`exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = ${targetUserId})`,
      muting: sql<boolean>`exists (select 1 from mutes where muter_id = ${viewerId} and muted_id = ${targetUserId})`,
    })
    .from(sql`(select 1) one`);
  return { blocking: Boolean(row?.blocking), muting: Boolean(row?.muting) };
}

export const BLOCKING_MESSAGE = "You blocked this person. Unblock them first.";

/**
 * For follows and messages: someone who blocked the viewer reads as missing (they are not told
 * why); someone the viewer blocked must be unblocked first (docs/safety.md).
 */
export function refuseBlockState(state: BlockState): void {
  if (state === "blocked") throw notFound("Profile not found");
  if (state === "blocking") throw new AppError(409, ERROR_CODES.conflict, BLOCKING_MESSAGE);
}
