// The words of "Passkeys" in Settings (docs/accounts.md): when a passkey was last used, and the name
// offered for a new one, after the browser and system it is made on ('Chrome on macOS'), read from
// the user agent by Bowser, the parser the server names sessions with.
import Bowser from "bowser";
import { lastActiveLabel } from "./session-labels";

/** 'Last used 5 minutes ago', 'Last used March 1, 2026', or 'Never used'. */
export const lastUsedLabel = (lastUsedAt: string | null, now: Date) =>
  lastUsedAt ? `Last used ${lastActiveLabel(lastUsedAt, now)}` : "Never used";

/** 'Chrome on macOS'; 'My passkey' when the user agent names neither (Bowser refuses an empty one). */
export function suggestedPasskeyName(userAgent: string): string {
  const parser = userAgent ? Bowser.getParser(userAgent) : null;
  const names = [parser?.getBrowserName(), parser?.getOSName()].filter(Boolean);
  return names.length > 0 ? names.join(" on ") : "My passkey";
}
