// Mail rows → the API's MessageView and ThreadView (spec-1 §3: the other party, the latest message).
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { toPersonSummary } from "../profiles/person";
import type { MessageRow, threadParties } from "./queries";

export const REMOVED_MESSAGE = "This message was removed by a moderator.";
export const DELETED_MESSAGE = "Message deleted";

/** What a message says: a removed one (docs/safety.md) and one whose sender deleted their account
 * (docs/accounts.md "Deleting the account") stay in the thread without their words. */
function wordsOf(m: ShownMessage["message"]): { subject: string | null; body: string } {
  if (m.senderDeletedAt) return { subject: null, body: DELETED_MESSAGE };
  if (m.removedAt) return { subject: null, body: REMOVED_MESSAGE };
  return { subject: m.subject, body: m.body };
}

/** What a message is shown from: its row's shown columns and its sender. */
type ShownMessage = {
  message: Pick<
    MessageRow["message"],
    | "id"
    | "threadId"
    | "senderAddress"
    | "subject"
    | "body"
    | "direction"
    | "suspicious"
    | "attachmentsDropped"
    | "removedAt"
    | "senderDeletedAt"
    | "createdAt"
  >;
  sender: MessageRow["sender"];
};

export function presentMessage(row: ShownMessage): MessageView {
  const m = row.message;
  return {
    id: m.id,
    threadId: m.threadId,
    sender: row.sender ? toPersonSummary(row.sender) : null,
    senderAddress: m.senderAddress,
    ...wordsOf(m),
    direction: m.direction as MessageView["direction"],
    suspicious: m.suspicious,
    attachmentsDropped: m.attachmentsDropped,
    senderDeleted: m.senderDeletedAt !== null,
    createdAt: m.createdAt.toISOString(),
  };
}

type PartyRow = Awaited<ReturnType<typeof threadParties>>[number];

function presentParty(row: PartyRow | undefined): ThreadView["other"] {
  if (row?.externalAddress) return { kind: "external", address: row.externalAddress };
  if (row?.person) return { kind: "person", person: toPersonSummary(row.person) };
  // The other member's account is gone (it cascades away): shown as a former member.
  return {
    kind: "person",
    person: {
      userId: "",
      fullName: "Deleted account",
      handle: "",
      username: null,
      profileImageUrl: null,
      verificationType: "none",
      veteran: false,
    },
  };
}

/** Threads in the order of `threads`, each with its party and latest message. */
export function presentThreads(
  threads: { id: string; lastMessageAt: Date | null; unread: boolean; request: string | null }[],
  parties: PartyRow[],
  latest: MessageRow[],
): ThreadView[] {
  const partyOf = new Map(parties.map((p) => [p.threadId, p]));
  const latestOf = new Map(latest.map((m) => [m.message.threadId, m]));
  return threads.map((t) => {
    const last = latestOf.get(t.id);
    return {
      id: t.id,
      other: presentParty(partyOf.get(t.id)),
      latestMessage: last ? presentMessage(last) : null,
      lastMessageAt: t.lastMessageAt?.toISOString() ?? null,
      unread: t.unread,
      // docs/mail.md "Message requests": the reader's copy waits under Requests.
      ...(t.request === "pending" || t.request === "dismissed" ? { request: t.request } : {}),
    };
  });
}
