// How a passkey ceremony ended when it did not succeed (docs/accounts.md "Passkeys"). The browser
// says NotAllowedError when the person closes its prompt, lets it time out or has no passkey to
// offer, and AbortError when a newer ceremony replaced it: none of that is a failure to alarm anyone
// with. Everything else is: the server's refusal with its own message, or the browser's.
import { errorMessage } from "./api";

const QUIET = new Set(["NotAllowedError", "AbortError"]);

export type CeremonyOutcome = { cancelled: true } | { cancelled: false; message: string };

/** The error's name: a DOMException's ('NotAllowedError'), kept by the library's WebAuthnError. */
const nameOf = (error: unknown) =>
  typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";

export function ceremonyOutcome(error: unknown, fallback: string): CeremonyOutcome {
  if (QUIET.has(nameOf(error))) return { cancelled: true };
  if (nameOf(error) === "InvalidStateError") {
    return { cancelled: false, message: "This device already holds a passkey for your account." };
  }
  return { cancelled: false, message: errorMessage(error, fallback) };
}
