// spec-2 §5: the website is saved without scheme, leading www and trailing slashes.
// spec-1 §2: it links with https:// added when missing and shows without scheme or www.
// Only http(s) ever becomes a link: anything else (javascript:, data:, …) is refused.

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The stored form, or null when empty; undefined when it cannot be a web address. */
export function normalizeWebsite(raw: string): string | null | undefined {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  const scheme = SCHEME.exec(trimmed)?.[0]?.toLowerCase();
  if (scheme && scheme !== "http:" && scheme !== "https:") return undefined;
  const bare = trimmed
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
  if (bare === "" || /\s/.test(bare)) return undefined;
  let url: URL;
  try {
    url = new URL(`https://${bare}`);
  } catch {
    return undefined;
  }
  if (!url.hostname.includes(".") || url.username || url.password) return undefined;
  return bare;
}

/** The href for a stored website, or null when it is not a safe http(s) address. */
export function websiteHref(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const withScheme = /^https?:\/\//i.test(stored) ? stored : `https://${stored}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** How the website is shown: without scheme or www. */
export function websiteLabel(stored: string): string {
  return stored
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
}
