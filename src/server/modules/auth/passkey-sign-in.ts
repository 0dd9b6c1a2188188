// Signing in with a passkey (docs/accounts.md "Passkeys"): the browser asks for options (a
// challenge, no list of credentials, so the authenticator offers the site's passkeys), signs it,
// and the server checks the signature against the stored public key. A passkey proves possession
// of a device and, with user verification, the person: it counts as both factors, so two-factor
// authentication does not ask again.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import type { SessionUser } from "../../../domain/contracts/auth";
import { ERROR_CODES } from "../../../domain/error-codes";
import { badRequest } from "../../errors";
import type { AuthDeps, WithCookies } from "./auth-deps";
import { markPasskeyUsed, passkeyByCredential } from "./passkey-queries";
import { signedInAs } from "./sign-in";
import { issueChallenge, redeemChallenge, relyingParty } from "./webauthn";

const NOT_SIGNED_IN =
  "That passkey did not sign you in. Please try again, or log in with your password.";
const refused = () => badRequest(ERROR_CODES.invalidCredentials, NOT_SIGNED_IN);

export async function passkeySignInOptions(deps: AuthDeps, now: Date) {
  const rp = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
  });
  const challengeId = await issueChallenge(deps.db, options.challenge, { purpose: "sign-in" }, now);
  return { challengeId, options };
}

export async function signInWithPasskey(
  deps: AuthDeps,
  input: {
    challengeId: string;
    credential: AuthenticationResponseJSON;
    ip: string;
    headers: Headers;
    now: Date;
  },
): Promise<WithCookies<{ user: SessionUser }>> {
  await deps.limits.consume("loginPerIp", input.ip);
  const challenge = await redeemChallenge(
    deps.db,
    input.challengeId,
    { purpose: "sign-in" },
    input.now,
  );
  if (!challenge) throw refused();
  const passkey = await passkeyByCredential(deps.db, input.credential.id);
  if (!passkey) throw refused();
  // WebAuthn §7.2: the user handle the authenticator returns, when it does, names the owner.
  const handle = input.credential.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString("utf8") !== passkey.userId)
    throw refused();
  const rp = relyingParty(deps.config);
  const result = await verifyAuthenticationResponse({
    response: input.credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: passkey.counter,
      transports: passkey.transports ? passkey.transports.split(",") : [],
    },
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!result.verified) throw refused();
  await markPasskeyUsed(deps.db, passkey.id, result.authenticationInfo.newCounter, input.now);
  const { headers } = await deps.auth.api.signInVerified({
    body: { userId: passkey.userId },
    headers: input.headers,
    returnHeaders: true,
  });
  return signedInAs(deps, passkey.userId, headers);
}
