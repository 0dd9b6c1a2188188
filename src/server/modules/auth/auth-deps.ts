// What the account use-cases (registration.ts, email-code.ts, sign-in.ts, password-reset.ts,
// passkey-sign-in.ts) need of the app context, and what they hand back to the HTTP layer.
import type { AppContext } from "../../context";

/** What the accounts use-cases need of the app context. */
export type AuthDeps = Pick<AppContext, "db" | "auth" | "limits" | "log" | "config" | "outbox">;

/** What a call into better-auth hands back to the HTTP layer: cookies to set and a body. */
export interface WithCookies<T> {
  setCookies: string[];
  body: T;
}
