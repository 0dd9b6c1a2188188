// The relying party of passkeys (docs/accounts.md "Passkeys") and its single-use challenges.
// WebAuthn binds each passkey to a host name: the site's, from PUBLIC_URL. (An IP address cannot
// be one, so a server reached at 127.0.0.1 offers no passkeys; use localhost.)
import { randomUUID } from "node:crypto";
import type { Config } from "../../config";
import { storeChallenge, takeChallenge } from "../../db/challenges";
import type { Db } from "../../db/client";

const CHALLENGE_TTL_MS = 5 * 60_000;

export function relyingParty(config: Pick<Config, "publicUrl" | "siteName">) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.siteName };
}

/** What a challenge was issued for: adding a passkey to `userId`, or signing in. */
export type ChallengePurpose = { purpose: "add"; userId: string } | { purpose: "sign-in" };

export async function issueChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const value = JSON.stringify({ challenge, ...purpose });
  await storeChallenge(db, "webauthn", {
    id,
    value,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return id;
}

/** The challenge issued as `id` for `purpose`, taken out so it serves once; undefined if none. */
export async function redeemChallenge(
  db: Db,
  id: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<string | undefined> {
  const value = await takeChallenge(db, "webauthn", id, now);
  if (!value) return undefined;
  const stored = JSON.parse(value) as { challenge: string } & ChallengePurpose;
  const matches =
    stored.purpose === purpose.purpose &&
    (purpose.purpose === "sign-in" ||
      (stored.purpose === "add" && stored.userId === purpose.userId));
  return matches ? stored.challenge : undefined;
}
