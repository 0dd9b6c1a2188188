// A write answered once per Idempotency-Key (draft-ietf-httpapi-idempotency-key-header, with
// Stripe's semantics; docs/mail.md "Sending once"). The key is the signed-in person's; the first
// answer is kept in the same transaction as the work it answers, so a client that lost the answer
// (the connection broke, the server was killed) and sends the request again gets that answer and
// no second copy of the work. The same key with another request is refused (422); a repeat while
// the first request's transaction holds the key is told to wait (409). Keys are kept 24 hours.
// A request refused before its work is stored (a 4xx) keeps nothing: its retry is judged afresh.
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import {
  findKeptAnswer,
  insertKeptAnswer,
  tryLockKey,
  updateKeptAnswer,
} from "../db/idempotency-keys";
import { AppError, conflict } from "../errors";

export const IDEMPOTENCY_KEY_HOURS = 24;

/** Set on an answer given again for a request already answered (Stripe's header). */
export const REPLAYED_HEADER = "idempotent-replayed";

/** A person's request with a key, and what it asks (so a key reused for another is told). */
export interface KeyedRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** The status and body a request was answered with. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

/** The fingerprint of a use-case's validated input. */
export const fingerprintOf = (useCase: string, input: unknown) =>
  createHash("sha256")
    .update(JSON.stringify([useCase, input]))
    .digest("hex");

/** The request when it came with a key (a route's validated `idempotency-key` header). */
export const keyedRequest = (
  userId: string,
  key: string | undefined,
  useCase: string,
  input: unknown,
): KeyedRequest | undefined =>
  key === undefined ? undefined : { userId, key, fingerprint: fingerprintOf(useCase, input) };

/** What an uploaded file adds to a fingerprint: its digest, not its bytes. */
export const digestOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const keptSince = () => new Date(Date.now() - IDEMPOTENCY_KEY_HOURS * 3_600_000);

const reused = () =>
  new AppError(
    422,
    "idempotency_key_reused",
    "This Idempotency-Key was used for another request. Use a new key for a new request.",
  );

/** Ends the work of a request whose answer is kept: its transaction rolls back and the kept
 * answer is given instead. */
export class AnswerKept extends Error {
  constructor(readonly answer: KeptAnswer) {
    super("answer kept for this Idempotency-Key");
  }
}

/** The answer kept for the request's key, or null; 422 when the key named another request. */
export async function keptAnswer(db: Db, request: KeyedRequest): Promise<KeptAnswer | null> {
  const row = await findKeptAnswer(db, { ...request, since: keptSince() });
  if (!row) return null;
  if (row.fingerprint !== request.fingerprint) throw reused();
  return { status: row.status, body: row.response };
}

/**
 * First in the transaction that does the request's work: 409 while another transaction works on
 * the key; AnswerKept (or 422) when a request with it finished meanwhile.
 */
export async function claimKey(tx: Db, request: KeyedRequest): Promise<void> {
  if (!(await tryLockKey(tx, request))) {
    throw conflict(
      "idempotency_key_in_use",
      "A request with this Idempotency-Key is still in progress. Try again in a moment.",
    );
  }
  const kept = await keptAnswer(tx, request);
  if (kept) throw new AnswerKept(kept);
}

/** Last in that transaction: the answer, kept with the work. */
export async function keepAnswer(tx: Db, request: KeyedRequest, answer: KeptAnswer) {
  const kept = await insertKeptAnswer(tx, {
    ...request,
    status: answer.status,
    response: answer.body,
    since: keptSince(),
  });
  // Only a writer holding the key's lock gets here, after it found no live answer.
  if (!kept) throw new Error("an answer is already kept for this Idempotency-Key");
}

/** The work's outcome changed after its commit (a mail refused for good): the new answer. */
export const replaceAnswer = (db: Db, request: KeyedRequest, answer: KeptAnswer) =>
  updateKeptAnswer(db, { ...request, status: answer.status, response: answer.body });

/** An error's answer, as the error shape carries it (without the request's own id). */
export const errorAnswer = (error: AppError): KeptAnswer => ({
  status: error.status,
  body: { error: { code: error.code, message: error.message } },
});

/** A kept error answer given again as the error it was. */
export function replayedError({ status, body }: KeptAnswer): AppError {
  const { code, message } = (body as { error: { code: string; message: string } }).error;
  return new AppError(status, code, message);
}
