// Six-digit codes the product mails to confirm one thing (docs/accounts.md "Deleting the account",
// docs/safety.md "Badges"): kept like a sign-up code (domain/otp.ts: 10 minutes, a resend
// cooldown) but only as a keyed hash in `verifications` under `{purpose}:{userId}`, and void after
// five wrong tries. Only the signed-in person can try it, so five is enough; the sign-up code
// allows more because strangers can spend its tries. An identifier ending in the user id is
// removed with the account (account/deletion-queries.ts removeVerifications).
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { OTP_MAX, OTP_MIN, OTP_TTL_SECONDS } from "../../domain/otp";
import type { Db } from "./client";
import { verifications } from "./schema/auth";

export const MAILED_CODE_MAX_WRONG_TRIES = 5;

/** What a code confirms, for whom: `purpose` names the use ('delete-account'), `subject` what the
 * code is bound to besides the person (the address it was mailed to), if anything. */
export interface CodeTarget {
  purpose: string;
  userId: string;
  subject?: string;
}

const identifierOf = ({ purpose, userId }: CodeTarget) => `${purpose}:${userId}`;

/** The stored value: the code's HMAC (keyed with the session secret, so a copy of the database
 * alone cannot test guesses) and the wrong tries so far. */
const digest = (secret: string, target: CodeTarget, code: string) =>
  createHmac("sha256", secret)
    .update(`${identifierOf(target)}:${target.subject ?? ""}:${code}`)
    .digest();

const encode = (hash: Buffer, wrongTries: number) => `${hash.toString("hex")}:${wrongTries}`;

function decode(value: string): { hash: Buffer; wrongTries: number } {
  const [hex = "", tries = "0"] = value.split(":");
  return { hash: Buffer.from(hex, "hex"), wrongTries: Number.parseInt(tries, 10) || 0 };
}

/** A new code for the target, replacing any earlier one (in the caller's transaction, with the
 * mail that carries it); the code itself, to be mailed. */
export async function issueMailedCode(
  tx: Db,
  { target, secret, now }: { target: CodeTarget; secret: string; now: Date },
): Promise<string> {
  const code = String(randomInt(OTP_MIN, OTP_MAX + 1));
  await tx.delete(verifications).where(eq(verifications.identifier, identifierOf(target)));
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: identifierOf(target),
    value: encode(digest(secret, target, code), 0),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return code;
}

/** The target's code while it can still be used (not past its time, not voided by wrong tries):
 * when it was issued and until when it holds; null otherwise. Reads only; no try is counted. */
export async function pendingMailedCode(
  db: Db,
  { target, now }: { target: CodeTarget; now: Date },
): Promise<{ issuedAt: Date; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      value: verifications.value,
      createdAt: verifications.createdAt,
      expiresAt: verifications.expiresAt,
    })
    .from(verifications)
    .where(eq(verifications.identifier, identifierOf(target)));
  if (!row || row.expiresAt <= now) return null;
  if (decode(row.value).wrongTries >= MAILED_CODE_MAX_WRONG_TRIES) return null;
  return { issuedAt: row.createdAt, expiresAt: row.expiresAt };
}

export type CodeVerdict = "ok" | "wrong" | "expired" | "too_many";

/**
 * Checks `code` inside the caller's transaction, the code's row locked so two tries at once
 * count twice. A right code is used up (its row deleted); a wrong one counts, and the count
 * commits with the caller's transaction. No code, or one past its time, is 'expired'.
 */
export async function checkMailedCode(
  tx: Db,
  { target, code, secret, now }: { target: CodeTarget; code: string; secret: string; now: Date },
): Promise<CodeVerdict> {
  const [row] = await tx
    .select({
      id: verifications.id,
      value: verifications.value,
      expiresAt: verifications.expiresAt,
    })
    .from(verifications)
    .where(eq(verifications.identifier, identifierOf(target)))
    .for("update");
  if (!row || row.expiresAt <= now) return "expired";
  const stored = decode(row.value);
  if (stored.wrongTries >= MAILED_CODE_MAX_WRONG_TRIES) return "too_many";
  const given = digest(secret, target, code);
  if (given.length === stored.hash.length && timingSafeEqual(given, stored.hash)) {
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    return "ok";
  }
  await tx
    .update(verifications)
    .set({ value: encode(stored.hash, stored.wrongTries + 1), updatedAt: now })
    .where(eq(verifications.id, row.id));
  return "wrong";
}
