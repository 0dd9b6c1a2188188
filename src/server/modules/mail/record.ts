// Writing a message, shared by replies, outbound mail and inbound mail: stored with the thread's
// and members' newest-message times in one transaction, with its live event (and whatever the
// caller adds: notices, the outgoing mail) written to the outbox in that same transaction, so a
// stored message is never left unannounced (docs/outbox.md). A request with an Idempotency-Key
// claims it first in that transaction and keeps its answer last (http/idempotency.ts).
import type { SQL } from "drizzle-orm";
import type { MessageView } from "../../../domain/contracts/mail";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { claimKey, type KeptAnswer, type KeyedRequest, keepAnswer } from "../../http/idempotency";
import type { Effects } from "../../outbox/outbox";
import { presentMessage } from "./present";
import { insertMessage } from "./queries";

/** Who a thread is between, as its unique key (docs/mail.md "Data"). */
export const directPairKey = (a: string, b: string) => `u:${[a, b].sort().join(":")}`;
export const externalPairKey = (userId: string, address: string) => `x:${userId}:${address}`;

/** More work in the message's transaction, once it is stored. */
export type AlongWithMessage = (tx: Db, fx: Effects, stored: StoredMessage) => Promise<void>;

type MessageValues = Parameters<typeof insertMessage>[1];

/** The request's Idempotency-Key, and its answer built in the message's transaction. */
export interface SendOnce {
  request: KeyedRequest;
  answer: (tx: Db, message: MessageView) => Promise<KeptAnswer>;
}

/** First in the message's transaction: the key, when the request has one. */
export async function claimOnce(tx: Db, once: SendOnce | undefined): Promise<void> {
  if (once) await claimKey(tx, once.request);
}

/** Last in it: the answer kept with the message. */
export async function keepOnce(tx: Db, once: SendOnce | undefined, message: MessageView) {
  if (once) await keepAnswer(tx, once.request, await once.answer(tx, message));
}

/** A stored message as members see it, and who they are. */
export interface StoredMessage {
  message: MessageView;
  memberIds: string[];
  /** The outbox rows its statement wrote (`storeMessage`'s `outboxRows`). */
  outboxIds: number[];
}

/** Stores the message in `tx`, in one statement that also answers how it is shown, and writes
 * `outboxRows` when given (outbox.ts `runStatement`). */
export async function storeMessage(
  tx: Db,
  values: MessageValues,
  outboxRows: SQL | null = null,
): Promise<StoredMessage> {
  const { id, createdAt, memberIds, sender, outboxIds } = await insertMessage(
    tx,
    values,
    outboxRows,
  );
  const message = {
    id,
    threadId: values.threadId,
    senderAddress: values.senderAddress ?? null,
    subject: values.subject,
    body: values.body,
    direction: values.direction,
    suspicious: values.suspicious ?? false,
    attachmentsDropped: values.attachmentsDropped ?? 0,
    removedAt: null,
    senderDeletedAt: null,
    createdAt,
  };
  return { message: presentMessage({ message, sender }), memberIds, outboxIds };
}

/** The live event of a stored message, for its thread's members only, but those whose copy is a
 * message request (`untold`: docs/mail.md "Message requests"). */
export const messageEvent = (
  threadId: string,
  { message, memberIds }: StoredMessage,
  untold: readonly string[] = [],
) => ({
  type: "mail.message" as const,
  threadId,
  memberIds: memberIds.filter((id) => !untold.includes(id)),
  message,
});

export async function recordMessage(
  deps: Pick<AppContext, "outbox">,
  values: MessageValues,
  along?: AlongWithMessage,
  once?: SendOnce,
  untold?: readonly string[],
): Promise<MessageView> {
  return deps.outbox.transaction(async (tx, fx) => {
    await claimOnce(tx, once);
    const stored = await storeMessage(tx, values);
    fx.publish(messageEvent(values.threadId, stored, untold));
    await along?.(tx, fx, stored);
    await keepOnce(tx, once, stored.message);
    return stored.message;
  });
}
