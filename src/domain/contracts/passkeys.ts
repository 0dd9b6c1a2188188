// Passkeys (docs/accounts.md "Passkeys"): adding, naming and removing them in Settings, and signing
// in with one. The WebAuthn options and responses are the browser's JSON forms
// (PublicKeyCredentialCreationOptionsJSON and friends), checked in depth by the server's WebAuthn
// library; here only their outline. Shared by server and browser.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { z } from "zod";
import { sessionUser } from "./auth";

export const PASSKEY_NAME_MAX = 64;
export const PASSKEY_NAME_REQUIRED = "Give the passkey a name.";

export const passkeyName = z
  .string()
  .trim()
  .min(1, { message: PASSKEY_NAME_REQUIRED })
  .max(PASSKEY_NAME_MAX, { message: `At most ${PASSKEY_NAME_MAX} characters.` });

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by a password manager to the person's other devices. */
  backedUp: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

export const passkeysResponse = z.object({ items: z.array(passkeyView) });

export const passkeyIdParams = z.object({ passkeyId: z.string().min(1).max(64) });

const isObject = (value: unknown) => typeof value === "object" && value !== null;

/** Options for navigator.credentials.create, and the id of their single-use challenge. */
export const addPasskeyOptionsResponse = z.object({
  challengeId: z.string(),
  options: z.custom<PublicKeyCredentialCreationOptionsJSON>(isObject),
});

/** Options for navigator.credentials.get, and the id of their single-use challenge. */
export const passkeySignInOptionsResponse = z.object({
  challengeId: z.string(),
  options: z.custom<PublicKeyCredentialRequestOptionsJSON>(isObject),
});

/** A credential as the browser serialises it (toJSON()). */
const credentialJson = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
  })
  .passthrough();

export const addPasskeyBody = z.object({
  challengeId: z.string().min(1).max(128),
  name: passkeyName,
  credential: credentialJson,
});

export const renamePasskeyBody = z.object({ name: passkeyName });

export const passkeySignInBody = z.object({
  challengeId: z.string().min(1).max(128),
  credential: credentialJson,
});

export const passkeySignInResponse = z.object({ user: sessionUser });
