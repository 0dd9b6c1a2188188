// Mail use-cases (spec-1 §2 mail screen, §4 states, §5 compose rules, §7 calls, §8 messages): the
// thread list, opening the direct thread with a person, messages newest first, sending (inside
// the product, or out over SMTP in a thread with an outside address), reading. Every
// read and write of a thread checks that the viewer is a member (404 otherwise).
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { isOwnDomainAddress } from "../../../domain/email";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeUuidCursor, pageOf } from "../../db/keyset";
import {
  AnswerKept,
  fingerprintOf,
  type KeptAnswer,
  keptAnswer,
  replayedError,
} from "../../http/idempotency";
import { missing } from "../../policy/access";
import type { MutedMarker } from "../../policy/muted-words";
import { cannotMessage, messageRefusal, refusalOf } from "../../policy/recipients";
import { refuseRestricted } from "../../policy/restrictions";
import { queueNotices } from "./notify";
import { sendOutbound } from "./outbound";
import { presentMessage, presentThreads } from "./present";
import {
  countUnreadThreads,
  findMemberThread,
  findOrCreateThread,
  findThreadView,
  findUserByLocalPart,
  latestMessages,
  listMessages,
  listThreads,
  markThreadRead,
  threadIdByPairKey,
  threadParties,
} from "./queries";
import { directPairKey, externalPairKey, recordMessage, type SendOnce } from "./record";
import { sendingFacts } from "./send-queries";
import { applyRequests, requestsOnSend, spendOnStrangers } from "./strangers";

/** What reading mail needs: the database, and the viewers' muted words as kept in memory
 * (policy/muted-word-cache.ts). */
export type MailReader = Pick<AppContext, "db" | "mutedWords">;

export type MailDeps = MailReader & Pick<AppContext, "outbox" | "limits" | "config" | "log">;

const mailMarker = (reader: MailReader, viewerId: string) =>
  reader.mutedWords.marker(viewerId, { context: "mail", now: new Date() });

interface ThreadAction {
  viewerId: string;
  threadId: string;
}

async function memberThread(db: Db, { viewerId, threadId }: ThreadAction) {
  const thread = await findMemberThread(db, { threadId, userId: viewerId });
  if (!thread) throw missing("conversation");
  return thread;
}

/** Threads as the viewer's list shows them (also its message requests: requests.ts). */
export async function threadViews(
  reader: MailReader,
  viewerId: string,
  threads: { id: string; lastMessageAt: Date | null; unread: boolean; request: string | null }[],
): Promise<ThreadView[]> {
  const ids = threads.map((t) => t.id);
  const [parties, latest, mark] = await Promise.all([
    threadParties(reader.db, { threadIds: ids, userId: viewerId }),
    latestMessages(reader.db, ids),
    mailMarker(reader, viewerId),
  ]);
  const views = presentThreads(threads, parties, latest);
  // The list's line of a matching latest message says so instead (docs/safety.md "Muted words").
  for (const view of views) if (view.latestMessage) markMutedMessage(view.latestMessage, mark);
  return views;
}

function markMutedMessage(view: MessageView, mark: MutedMarker): MessageView {
  const muted = mark(view.sender?.userId ?? null, [view.subject, view.body]);
  if (muted.length > 0) view.mutedBy = muted;
  return view;
}

/** A page of the reader's threads: their list, or their waiting message requests (`requests`). */
export async function threadsPage(
  reader: MailReader,
  input: { viewerId: string; limit: number; cursor?: string | undefined; requests?: boolean },
) {
  const rows = await listThreads(reader.db, {
    userId: input.viewerId,
    limit: input.limit,
    cursor: decodeUuidCursor(input.cursor),
    requests: input.requests ?? false,
  });
  const { page, nextCursor } = pageOf(rows, input.limit, (t) => ({
    at: t.lastMessageAt as Date,
    id: t.id,
  }));
  return { items: await threadViews(reader, input.viewerId, page), nextCursor };
}

/** One thread as its reader opens it: with why they may not write in it, if they may not, so
 * the composer says so before anyone types (docs/mail.md "Who can be written to"). */
export const getThread = (reader: MailReader, action: ThreadAction): Promise<ThreadView> =>
  threadView(reader.db, action, mailMarker(reader, action.viewerId));

/** `getThread` on `db`, a transaction's too, with the viewer's marker, or its promise: the cache
 * reads through the database itself, which a transaction on the embedded one holds. */
async function threadView(
  db: Db,
  action: ThreadAction,
  marker: MutedMarker | Promise<MutedMarker>,
): Promise<ThreadView> {
  const [found, mark] = await Promise.all([
    findThreadView(db, { threadId: action.threadId, userId: action.viewerId }),
    marker,
  ]);
  if (!found) throw missing("conversation");
  const [view] = presentThreads([found.thread], [found.party], found.latest ? [found.latest] : []);
  if (!view) throw missing("conversation");
  if (view.latestMessage) markMutedMessage(view.latestMessage, mark);
  const other = found.otherId;
  const refusal =
    other === null
      ? null
      : await messageRefusal(db, { ...action, userId: other, threadId: action.threadId });
  if (refusal) view.refusal = { code: refusal.code, message: refusal.message };
  return view;
}

/** What sending to `to` would answer, before anyone writes (docs/mail.md "Who can be written
 * to"): for an address on our mail domain, its person's refusal of the viewer, as the send would
 * give it (an unknown one answers as a block does); null when it would be sent, and for an address
 * elsewhere, which only its own server can refuse. Nothing is created. */
export async function refusalOfAddress(
  deps: Pick<MailDeps, "db" | "config">,
  { viewerId, to }: { viewerId: string; to: string },
): Promise<{ code: string; message: string } | null> {
  if (!isOwnDomainAddress(to, deps.config.mailDomain)) return null;
  const person = await findUserByLocalPart(deps.db, to.slice(0, to.lastIndexOf("@")));
  const userId = person?.userId;
  const threadId = userId
    ? await threadIdByPairKey(deps.db, directPairKey(viewerId, userId))
    : null;
  const refusal = userId
    ? await messageRefusal(deps.db, { viewerId, userId, threadId })
    : cannotMessage();
  return refusal && { code: refusal.code, message: refusal.message };
}

/** The Message button (spec-1 §2, §7): the direct thread with this person, created if needed.
 * Someone whose 'Who can message me' leaves the viewer out still opens, its composer saying so. */
export async function openDirectThread(
  reader: MailReader,
  { viewerId, userId }: { viewerId: string; userId: string },
): Promise<ThreadView> {
  const { db } = reader;
  const refusal = await messageRefusal(db, { viewerId, userId, threadId: null });
  if (refusal && refusal.code !== ERROR_CODES.messagesClosed) throw refusal;
  const threadId = await findOrCreateThread(db, {
    pairKey: directPairKey(viewerId, userId),
    memberIds: [viewerId, userId],
    externalAddress: null,
  });
  return getThread(reader, { viewerId, threadId });
}

export async function messagesPage(
  reader: MailReader,
  input: ThreadAction & { limit: number; cursor?: string | undefined },
) {
  await memberThread(reader.db, input);
  const [rows, mark] = await Promise.all([
    listMessages(reader.db, {
      threadId: input.threadId,
      limit: input.limit,
      cursor: decodeUuidCursor(input.cursor),
    }),
    mailMarker(reader, input.viewerId),
  ]);
  const { page, nextCursor } = pageOf(rows, input.limit, (m) => ({
    at: m.message.createdAt,
    id: m.message.id,
  }));
  // A matching message is collapsed in the thread (docs/safety.md "Muted words").
  const items = page.map((row) => markMutedMessage(presentMessage(row), mark));
  return { items, nextCursor };
}

/**
 * A reply in a thread: to the other member inside the product, or, in a thread with an outside
 * address, out over SMTP first (a message that could not be sent is not kept). Everything the
 * rules decide on is read in one statement (sendingFacts), then the message, its requests, its
 * notices and its outbox rows are written in one transaction (docs/mail.md "Sending").
 */
export async function sendMessage(
  deps: MailDeps,
  input: ThreadAction & {
    subject: string | null;
    body: string;
    once?: SendOnce | undefined;
    now?: Date;
  },
): Promise<MessageView> {
  const facts = await sendingFacts(deps.db, input);
  if (!facts) throw missing("conversation");
  refuseRestricted(facts.restrictedUntil);
  // A thread stops taking messages across a block, either way, and to a suspended member; one
  // the other member never wrote in, from someone their 'Who can message me' leaves out
  // (docs/safety.md "Block", docs/mail.md "Who can be written to").
  for (const recipient of facts.recipients) {
    const refusal = refusalOf(recipient.facts);
    if (refusal) throw refusal;
  }
  if (facts.outbound) return sendOutbound(deps, { ...input, ...facts.outbound });
  const toMembers = {
    senderId: input.viewerId,
    recipients: facts.recipients,
    now: input.now ?? new Date(),
  };
  await spendOnStrangers(deps, toMembers);
  const requests = await requestsOnSend(deps.db, toMembers);
  return recordMessage(
    deps,
    {
      threadId: input.threadId,
      senderId: input.viewerId,
      subject: input.subject,
      body: input.body,
      direction: "internal",
    },
    async (tx, fx, stored) => {
      await applyRequests(tx, {
        threadId: input.threadId,
        senderId: input.viewerId,
        ownRequest: facts.ownRequest !== null,
        ...requests,
      });
      await queueNotices(tx, fx, deps.config, {
        threadId: input.threadId,
        message: stored.message,
        memberIds: stored.memberIds,
        untold: requests.held,
        told: new Map(facts.recipients.map((r) => [r.userId, r.told])),
      });
    },
    input.once,
    requests.held,
  );
}

export interface SentToAddress {
  thread: ThreadView;
  message: MessageView;
}

/** A kept answer given again (docs/mail.md "Sending once"): the first answer's body, or its
 * refusal. */
function replayed<T>(kept: KeptAnswer): T {
  if (kept.status >= 400) throw replayedError(kept);
  return kept.body as T;
}

const replay = (kept: KeptAnswer) => ({ sent: replayed<SentToAddress>(kept), replayed: true });

/**
 * A reply in a thread (`sendMessage`), answered once per Idempotency-Key like the composer's
 * send: a repeat of a reply already stored gets its first answer and stores nothing.
 */
export async function replyInThread(
  deps: MailDeps,
  input: ThreadAction & {
    subject: string | null;
    body: string;
    idempotencyKey?: string | undefined;
  },
): Promise<{ message: MessageView; replayed: boolean }> {
  const { idempotencyKey, ...reply } = input;
  if (idempotencyKey === undefined) {
    return { message: await sendMessage(deps, reply), replayed: false };
  }
  const { threadId, subject, body } = reply;
  const request = {
    userId: reply.viewerId,
    key: idempotencyKey,
    fingerprint: fingerprintOf("mail.reply", { threadId, subject, body }),
  };
  const kept = await keptAnswer(deps.db, request);
  if (kept) return { ...replayed<{ message: MessageView }>(kept), replayed: true };
  const once = {
    request,
    answer: async (_tx: Db, message: MessageView) => ({ status: 201, body: { message } }),
  };
  try {
    return { message: await sendMessage(deps, { ...reply, once }), replayed: false };
  } catch (error) {
    if (error instanceof AnswerKept) {
      return { ...replayed<{ message: MessageView }>(error.answer), replayed: true };
    }
    throw error;
  }
}

/**
 * The external composer (spec-1 §2 `compose`, §7 send-email): an address on our own domain is a
 * person, reached inside the product; any other address gets mail over SMTP. With an
 * Idempotency-Key, a repeat of a request already answered gets that answer and sends nothing
 * (http/idempotency.ts).
 */
export async function sendToAddress(
  deps: MailDeps,
  input: {
    viewerId: string;
    to: string;
    subject: string | null;
    body: string;
    idempotencyKey?: string | undefined;
  },
): Promise<{ sent: SentToAddress; replayed: boolean }> {
  const { viewerId, to, subject, body, idempotencyKey } = input;
  const request =
    idempotencyKey === undefined
      ? undefined
      : {
          userId: viewerId,
          key: idempotencyKey,
          fingerprint: fingerprintOf("mail.send", { to, subject, body }),
        };
  const kept = request && (await keptAnswer(deps.db, request));
  if (kept) return replay(kept);
  let threadId: string;
  if (isOwnDomainAddress(input.to, deps.config.mailDomain)) {
    // An unknown handle answers as a block does (recipients.ts).
    const person = await findUserByLocalPart(deps.db, input.to.slice(0, input.to.lastIndexOf("@")));
    if (!person) throw cannotMessage();
    threadId = (await openDirectThread(deps, { viewerId: input.viewerId, userId: person.userId }))
      .id;
  } else {
    threadId = await findOrCreateThread(deps.db, {
      pairKey: externalPairKey(input.viewerId, input.to),
      memberIds: [input.viewerId],
      externalAddress: input.to,
    });
  }
  const mark = await mailMarker(deps, viewerId);
  const once = request && {
    request,
    answer: async (tx: Db, message: MessageView) => ({
      status: 201,
      body: { thread: await threadView(tx, { viewerId, threadId }, mark), message },
    }),
  };
  try {
    const message = await sendMessage(deps, { viewerId, threadId, subject, body, once });
    return {
      sent: { thread: await threadView(deps.db, { viewerId, threadId }, mark), message },
      replayed: false,
    };
  } catch (error) {
    if (error instanceof AnswerKept) return replay(error.answer);
    throw error;
  }
}

/** Opening a thread marks it read for the reader; their other tabs hear of it. */
export async function readThread(
  deps: Pick<AppContext, "db" | "outbox">,
  action: ThreadAction,
): Promise<{ ok: true }> {
  await memberThread(deps.db, action);
  const { threadId, viewerId: userId } = action;
  await deps.outbox.statement(async (db, fx) => {
    if (await markThreadRead(db, { threadId, userId }))
      fx.publishAfterCommit({ type: "mail.read", userId, threadId });
  });
  return { ok: true };
}

export const unreadThreadCount = (db: Db, viewerId: string) => countUnreadThreads(db, viewerId);
