// Requests (docs/notifications.md "Requests"): what the filter of new accounts held back, and the
// answers to it. Accept trusts the sender from then on: their held comments, replies and mentions
// join Activity, unread, and their message request joins Mail's list, in one transaction, and
// nothing they write later is held. Dismiss drops what waits in Activity from them; a later
// comment asks again (a message request is dismissed in Mail: mail/requests.ts).
import type { SenderRequests } from "../../../domain/contracts/requests";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { badRequest, notFound } from "../../errors";
import type { Sender } from "../../policy/new-accounts";
import { dropHeld, listHeld, releaseHeld } from "../activity/held";
import { releaseMessageRequest } from "../mail/requests";
import { acceptSender } from "../notification-settings/filter";

const ELSEWHERE = "fed:";

/** A sender as the routes name them (domain/contracts/requests.ts). */
function senderOf(viewerId: string, senderId: string): Sender {
  if (senderId === viewerId) {
    throw badRequest(ERROR_CODES.validation, "You can't accept yourself.", {
      senderId: ["You can't accept yourself."],
    });
  }
  return senderId.startsWith(ELSEWHERE)
    ? { fedActorId: senderId.slice(ELSEWHERE.length) }
    : { userId: senderId };
}

export const listRequests = (db: Db, viewerId: string): Promise<SenderRequests[]> =>
  listHeld(db, viewerId);

export async function acceptRequests(
  deps: Pick<AppContext, "outbox">,
  { viewerId, senderId }: { viewerId: string; senderId: string },
): Promise<{ ok: true }> {
  const sender = senderOf(viewerId, senderId);
  try {
    await deps.outbox.transaction(async (tx, fx) => {
      await acceptSender(tx, { userId: viewerId, sender });
      const released = await releaseHeld(tx, { recipientId: viewerId, sender });
      if ("userId" in sender) {
        await releaseMessageRequest(tx, { userId: viewerId, senderId: sender.userId });
      }
      if (released > 0) fx.publishAfterCommit({ type: "activity.created", recipientId: viewerId });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound("This person is no longer here.");
    throw error;
  }
  return { ok: true };
}

export async function dismissRequests(
  deps: Pick<AppContext, "db">,
  { viewerId, senderId }: { viewerId: string; senderId: string },
): Promise<{ ok: true }> {
  await dropHeld(deps.db, { recipientId: viewerId, sender: senderOf(viewerId, senderId) });
  return { ok: true };
}
