// spec-1 §2: the shown handle is username, else default_username, else the e-mail's local part.
// default_username is derived from the e-mail local part at registration (a–z 0–9 . _ -).

/** First path segments the app itself uses; no handle may take one of them. */
export const RESERVED_HANDLES = new Set([
  "about",
  "activity",
  "admin",
  "api",
  "app-shell",
  "assets",
  "auth",
  "bookmarks",
  "checkout",
  "checkout-success",
  "docs",
  "edit-profile",
  "favicon.ico",
  "healthz",
  "login",
  "logout",
  "mail",
  "media",
  "metrics",
  "policies",
  "post",
  "readyz",
  "realtime",
  "robots.txt",
  "search",
  "settings",
  "signup",
  "support",
  "tags",
  "transparency",
]);

const DEFAULT_HANDLE_MAX = 30;

/** The base a default_username is built from: lower-case, only a–z 0–9 . _ - kept. */
export function defaultHandleBase(email: string): string {
  const local = email.slice(0, email.indexOf("@") >= 0 ? email.indexOf("@") : undefined);
  const cleaned = local
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, DEFAULT_HANDLE_MAX);
  return cleaned.length > 0 ? cleaned : "user";
}

/** Candidate n (0-based) for a base: the base itself, then base2, base3, … then a random tail. */
export function defaultHandleCandidate(
  base: string,
  attempt: number,
  random: () => number = Math.random,
): string {
  if (attempt === 0 && !RESERVED_HANDLES.has(base)) return base;
  if (attempt < 10) return `${base}${attempt + 1}`;
  return `${base}${Math.floor(random() * 900_000) + 100_000}`;
}

export function displayHandle(profile: {
  username?: string | null;
  defaultUsername?: string | null;
  emailAddress?: string | null;
}): string {
  if (profile.username) return profile.username;
  if (profile.defaultUsername) return profile.defaultUsername;
  const email = profile.emailAddress ?? "";
  return email.includes("@") ? email.slice(0, email.indexOf("@")) : email;
}

/** spec-1 §5: handle lookups strip a leading @, trim and lower-case. */
export function normalizeHandle(raw: string): string {
  return raw.trim().replace(/^@/, "").trim().toLowerCase();
}
