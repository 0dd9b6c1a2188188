// spec-2 §8: "An already-used code is treated as verified" — for the browser that registered the
// address, and only there. Registration hands that browser a signed cookie naming the address; a
// verify-code call without it gets the same answer for an unknown address, a verified one or a
// wrong code, so the endpoint cannot be used to learn who has an account.
import { readCookie } from "../../http/request";
import { macMatches, signedMac } from "../../infra/signed-link";

const COOKIE = "chtcht_signup";
const TTL_SECONDS = 24 * 60 * 60;

interface ProofKey {
  secret: string;
  email: string;
}

const mac = ({ secret, email }: ProofKey, expires: number) =>
  signedMac(secret, "signup", [email, expires]);

/** The Set-Cookie header that proves, for a day, that this browser registered `email`. */
export function signupProofCookie(key: ProofKey & { secure: boolean; now?: number }): string {
  const expires = Math.floor((key.now ?? Date.now()) / 1000) + TTL_SECONDS;
  const flags = `Path=/api/auth; Max-Age=${TTL_SECONDS}; HttpOnly; SameSite=Lax${key.secure ? "; Secure" : ""}`;
  return `${COOKIE}=${expires}.${mac(key, expires)}; ${flags}`;
}

/** Whether the request's cookies prove it comes from the browser that registered `email`. */
export function hasSignupProof(
  key: ProofKey & { cookieHeader: string | undefined; now?: number },
): boolean {
  const [expiresText, given] = (readCookie(key.cookieHeader, COOKIE) ?? "").split(".");
  const expires = Number(expiresText);
  if (!given || !Number.isInteger(expires) || expires * 1000 < (key.now ?? Date.now())) {
    return false;
  }
  return macMatches(given, mac(key, expires));
}
