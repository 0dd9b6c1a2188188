// Writing a message, shared by replies, outbound mail and inbound mail: stored with the thread's
// and members' newest-message times in one transaction, then published to the thread's members.
import type { MessageView } from "../../../domain/contracts/mail";
import type { AppContext } from "../../context";
import { presentMessage } from "./present";
import { findMessage, insertMessage, threadMemberIds } from "./queries";

/** Who a thread is between, as its unique key (docs/mail.md "Data"). */
export const directPairKey = (a: string, b: string) => `u:${[a, b].sort().join(":")}`;
export const externalPairKey = (userId: string, address: string) => `x:${userId}:${address}`;

export async function recordMessage(
  deps: Pick<AppContext, "db" | "bus">,
  values: Parameters<typeof insertMessage>[1],
): Promise<MessageView> {
  const id = await insertMessage(deps.db, values);
  const row = await findMessage(deps.db, id);
  if (!row) throw new Error(`message ${id} vanished`);
  const message = presentMessage(row);
  await deps.bus.publish({
    type: "mail.message",
    threadId: values.threadId,
    memberIds: await threadMemberIds(deps.db, values.threadId),
    message,
  });
  return message;
}
