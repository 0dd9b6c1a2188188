// Message requests (docs/mail.md "Message requests"): the reader's waiting requests, newest first,
// and putting one aside; accepting a request's sender is the Requests' own use-case
// (modules/notifications/requests.ts), which gives the sender's threads back to the list here.
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { conflict } from "../../errors";
import { missing } from "../../policy/access";
import { directPairKey } from "./record";
import { countRequests, memberCopy, releaseRequest, setRequest } from "./request-queries";
import { type MailReader, threadsPage } from "./service";

export const messageRequestsPage = (
  reader: MailReader,
  input: { viewerId: string; limit: number; cursor?: string | undefined },
) => threadsPage(reader, { ...input, requests: true });

export const messageRequestCount = (db: Db, viewerId: string) => countRequests(db, viewerId);

/** Dismiss: the request leaves Requests and stays out of the list; a later message of its sender
 * asks again. Dismissing twice answers as the first time. */
export async function dismissMessageRequest(
  deps: Pick<AppContext, "db">,
  { viewerId, threadId }: { viewerId: string; threadId: string },
): Promise<{ ok: true }> {
  const copy = await memberCopy(deps.db, { threadId, userId: viewerId });
  if (!copy) throw missing("conversation");
  if (copy.request === null) {
    throw conflict(ERROR_CODES.conflict, "This conversation is not a message request.");
  }
  await setRequest(deps.db, { threadId, userId: viewerId, request: "dismissed" });
  return { ok: true };
}

/** The person accepted the sender: their direct thread, if it was a request, goes into the
 * person's list. The thread's id when it moved. */
export const releaseMessageRequest = (tx: Db, input: { userId: string; senderId: string }) =>
  releaseRequest(tx, {
    userId: input.userId,
    pairKey: directPairKey(input.userId, input.senderId),
  });
