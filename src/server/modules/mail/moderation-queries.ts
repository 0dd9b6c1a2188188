// SQL for moderation's view and changes of a message (docs/safety.md "Moderate"): the message a
// report points at, and the removal a moderator makes or undoes.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMessages } from "../../db/schema/mail";

export async function findMessageRow(db: Db, messageId: string) {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row;
}

export async function setMessageRemoved(tx: Db, messageId: string, at: Date | null) {
  await tx.update(chatMessages).set({ removedAt: at }).where(eq(chatMessages.id, messageId));
}
