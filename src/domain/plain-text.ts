// The one rule for every string a person sends (ARCHITECTURE.md "Contracts"): no NUL and no other
// C0 control character except tab, line feed and carriage return. PostgreSQL text cannot hold
// U+0000, and the others are invisible tricks in names, handles and posts. The server checks every
// request's params, query and body with it; forms can check a field before sending. Text that
// comes from outside without a person to answer (inbound mail, docs/mail.md "Inbound") is cleaned
// with stripControlCharacters instead of being refused.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");

export const CONTROL_CHARACTER_MESSAGE = "This text contains characters that are not allowed.";

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTER.test(text);

/** The text without the characters the rule forbids (tab, line feed and carriage return stay). */
export const stripControlCharacters = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, "");

/**
 * Paths (keys from the top) of every string in a JSON-like value that breaks the rule; an object
 * key that breaks it counts as its own path.
 */
export function controlCharacterPaths(value: unknown, path: (string | number)[] = []) {
  const found: (string | number)[][] = [];
  if (typeof value === "string") {
    if (hasControlCharacters(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      found.push(...controlCharacterPaths(item, [...path, index]));
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key)) found.push([...path, key]);
      else found.push(...controlCharacterPaths(item, [...path, key]));
    }
  }
  return found;
}
