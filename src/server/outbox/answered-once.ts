// A write answered once per Idempotency-Key through the one write seam (docs/outbox.md "Answered
// once"): while a use-case runs under `routeOnce`, its first outbox transaction claims the key
// before its work and keeps the transaction's result (its receipt: the new post's id, a like's
// state) with the work, so a request sent again after a lost answer does nothing twice: it gets
// the answer rebuilt from that receipt. Mail keeps its whole answer instead (mail/record.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../db/client";
import {
  AnswerKept,
  claimKey,
  type KeyedRequest,
  keepAnswer,
  keptAnswer,
  keyedRequest,
  REPLAYED_HEADER,
} from "../http/idempotency";

interface Pending {
  request: KeyedRequest;
  taken: boolean;
}

const pending = new AsyncLocalStorage<Pending>();

/** The running use-case's key, the first time its transaction asks; later ones get none. */
export function takeOnce(): KeyedRequest | undefined {
  const current = pending.getStore();
  if (!current || current.taken) return undefined;
  current.taken = true;
  return current.request;
}

/** Whether the running use-case has a key no transaction has claimed yet. */
export const onceWaiting = (): boolean => pending.getStore()?.taken === false;

/** First in the transaction that took the key: 409 while another holds it, AnswerKept when a
 * request with it has committed meanwhile. */
export const claimOnce = (tx: Db, request: KeyedRequest) => claimKey(tx, request);

/** Last in it: the transaction's result kept as the request's receipt. */
export const keepReceipt = (tx: Db, request: KeyedRequest, receipt: unknown) =>
  keepAnswer(tx, request, { status: 200, body: receipt ?? null });

/**
 * Runs `work` once per `request` (none: every time). A request already answered gets
 * `replay(receipt)` instead, from the receipt its first transaction kept.
 */
async function answeredOnce<T, R>(
  db: Db,
  request: KeyedRequest | undefined,
  work: () => Promise<T>,
  replay: (receipt: R) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (!request) return { value: await work(), replayed: false };
  const kept = await keptAnswer(db, request);
  if (kept) return { value: await replay(kept.body as R), replayed: true };
  try {
    return { value: await pending.run({ request, taken: false }, work), replayed: false };
  } catch (error) {
    if (error instanceof AnswerKept) {
      return { value: await replay(error.answer.body as R), replayed: true };
    }
    throw error;
  }
}

/** A route's request with its validated Idempotency-Key header (none: each request is new), and
 * its reply. */
export interface OnceRoute {
  request: { headers: { "idempotency-key"?: string | undefined } };
  reply: { header(name: string, value: string): unknown };
}

/**
 * `work` answered once per the request's key, for `userId`'s `useCase` asked with `input` (the
 * same key with other input is 422); a repeat's answer is `replay(receipt)`, marked
 * `Idempotent-Replayed: true`.
 */
export async function routeOnce<T, R>(
  db: Db,
  { request, reply }: OnceRoute,
  asked: { userId: string; useCase: string; input: unknown },
  work: () => Promise<T>,
  replay: (receipt: R) => Promise<T>,
): Promise<T> {
  const key = request.headers["idempotency-key"];
  const once = keyedRequest(asked.userId, key, asked.useCase, asked.input);
  const { value, replayed } = await answeredOnce(db, once, work, replay);
  if (replayed) reply.header(REPLAYED_HEADER, "true");
  return value;
}
