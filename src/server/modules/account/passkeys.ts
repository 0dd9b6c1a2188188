// Passkeys in Settings (docs/accounts.md "Passkeys"): list, add (a WebAuthn registration checked
// by SimpleWebAuthn), rename and remove. Sign-in with one is in auth/passkey-sign-in.ts.
import { randomUUID } from "node:crypto";
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { PasskeyView } from "../../../domain/contracts/passkeys";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { badRequest, conflict } from "../../errors";
import { missing } from "../../policy/access";
import {
  deletePasskey,
  insertPasskey,
  type PasskeyRow,
  passkeysOf,
  renamePasskey,
} from "../auth/passkeys";
import { issueChallenge, redeemChallenge, relyingParty } from "../auth/webauthn";
import { type AccountDeps, current } from "./service";

type PasskeyDeps = AccountDeps & Pick<AppContext, "config">;

/** More than anyone needs, fewer than would bloat a sign-in's lookups. */
const MAX_PASSKEYS = 20;

const view = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

export async function listPasskeys(deps: PasskeyDeps, headers: Headers) {
  const { user } = await current(deps, headers);
  return { items: (await passkeysOf(deps.db, user.id)).map(view) };
}

/** Options for navigator.credentials.create: a discoverable credential, none the person has. */
export async function addPasskeyOptions(deps: PasskeyDeps, headers: Headers, now: Date) {
  const { user } = await current(deps, headers);
  const existing = await passkeysOf(deps.db, user.id);
  if (existing.length >= MAX_PASSKEYS) {
    throw badRequest(ERROR_CODES.validation, `You can have at most ${MAX_PASSKEYS} passkeys.`);
  }
  const rp = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const purpose = { purpose: "add", userId: user.id } as const;
  const challengeId = await issueChallenge(deps.db, options.challenge, purpose, now);
  return { challengeId, options };
}

export async function addPasskey(
  deps: PasskeyDeps,
  input: {
    headers: Headers;
    challengeId: string;
    name: string;
    credential: RegistrationResponseJSON;
    now: Date;
  },
): Promise<PasskeyView> {
  const { user } = await current(deps, input.headers);
  const purpose = { purpose: "add", userId: user.id } as const;
  const challenge = await redeemChallenge(deps.db, input.challengeId, purpose, input.now);
  const failed = () =>
    badRequest(ERROR_CODES.validation, "The passkey could not be added. Please try again.");
  if (!challenge) throw failed();
  const rp = relyingParty(deps.config);
  const result = await verifyRegistrationResponse({
    response: input.credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!result.verified) throw failed();
  const { credential, credentialBackedUp } = result.registrationInfo;
  const row = await insertPasskey(deps.db, {
    id: randomUUID(),
    userId: user.id,
    name: input.name,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(","),
    backedUp: credentialBackedUp,
    createdAt: input.now,
  });
  if (!row) throw conflict(ERROR_CODES.conflict, "This passkey is already added.");
  return view(row);
}

export async function renameOwnPasskey(
  deps: PasskeyDeps,
  input: { headers: Headers; passkeyId: string; name: string },
): Promise<{ name: string }> {
  const { user } = await current(deps, input.headers);
  if ((await renamePasskey(deps.db, user.id, input.passkeyId, input.name)) === 0)
    throw missing("passkey");
  return { name: input.name };
}

export async function removePasskey(
  deps: PasskeyDeps,
  input: { headers: Headers; passkeyId: string },
): Promise<{ removed: 1 }> {
  const { user } = await current(deps, input.headers);
  if ((await deletePasskey(deps.db, user.id, input.passkeyId)) === 0) throw missing("passkey");
  return { removed: 1 };
}
