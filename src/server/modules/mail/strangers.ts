// A message between people who do not know each other yet: a new account's message to someone who
// does not follow it, and has not written in the thread, spends its smaller budget (docs/safety.md
// "New accounts"); and a new thread from an account the recipient's filter holds is a message
// request, told neither by push nor by e-mail nor in their list (docs/mail.md "Message requests").
// What each recipient's copy is and whether they know the sender come from the send's one read
// (send-queries.ts).
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { spendNewAccountWrite } from "../../policy/new-accounts";
import { holdsWith } from "../notification-settings/filter";
import { setRequest } from "./request-queries";
import type { MemberOnSend } from "./send-queries";

interface ToMembers {
  senderId: string;
  /** The thread's other members. */
  recipients: MemberOnSend[];
  now: Date;
}

/** Spends the sender's new-account budget once when the message reaches someone who neither
 * follows them nor has written in the thread. */
export async function spendOnStrangers(
  deps: Pick<AppContext, "db" | "limits" | "config">,
  { senderId, recipients, now }: ToMembers,
): Promise<void> {
  if (recipients.some(({ facts }) => !(facts?.followsWriter || facts?.hasWritten))) {
    await spendNewAccountWrite(deps, { userId: senderId, write: "messages", now });
  }
}

/** What the message does to each recipient's copy: `held`, a request (new, or still waiting);
 * `released`, a request whose sender the filter no longer holds, back in the list. A copy in the
 * list that already had a message stays there: only a new thread becomes a request. */
export async function requestsOnSend(
  db: Db,
  { senderId, recipients, now }: ToMembers,
): Promise<{ held: string[]; released: string[] }> {
  const held: string[] = [];
  const released: string[] = [];
  for (const { userId, request, hadMessage, filter, facts } of recipients) {
    if (request === null && hadMessage) continue;
    const holds =
      filter !== null &&
      (await holdsWith(db, {
        state: filter,
        sender: { userId: senderId },
        now,
        follows: () => facts?.followsWriter ?? false,
      }));
    if (holds) held.push(userId);
    else if (request !== null) released.push(userId);
  }
  return { held, released };
}

/** Writes what `requestsOnSend` found, in the message's transaction; the sender's own copy, if it
 * is a request (`ownRequest`), goes into their list (answering one takes it). */
export async function applyRequests(
  tx: Db,
  input: {
    threadId: string;
    senderId: string;
    ownRequest: boolean;
    held: string[];
    released: string[];
  },
): Promise<void> {
  const { threadId, senderId, held, released } = input;
  for (const userId of held) await setRequest(tx, { threadId, userId, request: "pending" });
  for (const userId of [...released, ...(input.ownRequest ? [senderId] : [])]) {
    await setRequest(tx, { threadId, userId, request: null });
  }
}
