// A write answered once per Idempotency-Key through the one write seam (docs/outbox.md "Answered
// once"): while a use-case runs under `answeredOnce`, its first outbox transaction claims the key
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
export async function answeredOnce<T, R>(
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
