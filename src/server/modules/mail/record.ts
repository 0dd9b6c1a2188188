// Writing a message, shared by replies, outbound mail and inbound mail: stored with the thread's
// and members' newest-message times in one transaction, with its live event (and whatever the
// caller adds: notices, the outgoing mail) written to the outbox in that same transaction, so a
// stored message is never left unannounced (docs/outbox.md).
import type { MessageView } from "../../../domain/contracts/mail";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { Effects } from "../../outbox/outbox";
import { presentMessage } from "./present";
import { findMessage, insertMessage } from "./queries";

/** Who a thread is between, as its unique key (docs/mail.md "Data"). */
export const directPairKey = (a: string, b: string) => `u:${[a, b].sort().join(":")}`;
export const externalPairKey = (userId: string, address: string) => `x:${userId}:${address}`;

/** More work in the message's transaction, once it is stored. */
export type AlongWithMessage = (tx: Db, fx: Effects, message: MessageView) => Promise<void>;

type MessageValues = Parameters<typeof insertMessage>[1];

/** A stored message as members see it, and who they are. */
export interface StoredMessage {
  message: MessageView;
  memberIds: string[];
}

/** Stores the message in `tx`. */
export async function storeMessage(tx: Db, values: MessageValues): Promise<StoredMessage> {
  const { id, memberIds } = await insertMessage(tx, values);
  const row = await findMessage(tx, id);
  if (!row) throw new Error(`message ${id} vanished`);
  return { message: presentMessage(row), memberIds };
}

/** The live event of a stored message, for its thread's members only. */
export const messageEvent = (threadId: string, { message, memberIds }: StoredMessage) => ({
  type: "mail.message" as const,
  threadId,
  memberIds,
  message,
});

export async function recordMessage(
  deps: Pick<AppContext, "outbox">,
  values: MessageValues,
  along?: AlongWithMessage,
): Promise<MessageView> {
  return deps.outbox.transaction(async (tx, fx) => {
    const stored = await storeMessage(tx, values);
    fx.publish(messageEvent(values.threadId, stored));
    await along?.(tx, fx, stored.message);
    return stored.message;
  });
}
