// The words of "Passkeys" in Settings (docs/accounts.md): when a passkey was last used, and the name
// offered for a new one, after the browser and system it is made on ('Chrome on macOS'), read from
// the user agent by Bowser, the parser the server names sessions with. Bowser loads only when a
// passkey is added.
import { lastActiveLabel } from "./session-labels";

/** 'Last used 5 minutes ago', 'Last used March 1, 2026', or 'Never used'. */
export const lastUsedLabel = (lastUsedAt: string | null, now: Date) =>
  lastUsedAt ? `Last used ${lastActiveLabel(lastUsedAt, now)}` : "Never used";

export const FALLBACK_PASSKEY_NAME = "My passkey";

export async function suggestedPasskeyName(userAgent: string): Promise<string> {
  try {
    const { default: Bowser } = await import("bowser");
    const parser = Bowser.getParser(userAgent);
    const browser = parser.getBrowserName();
    const system = parser.getOSName();
    if (browser && system) return `${browser} on ${system}`;
    return browser || system || FALLBACK_PASSKEY_NAME;
  } catch {
    // The chunk could not load (offline): the person names it anyway.
    return FALLBACK_PASSKEY_NAME;
  }
}
