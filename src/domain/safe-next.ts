// spec-1 §2: `next` is a post-login redirect; only same-origin paths are followed.
export function safeNextPath(raw: string | null | undefined, fallback = "/"): string {
  if (!raw) return fallback;
  let value = raw.trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if ([...value].some((c) => c === "\\" || c.charCodeAt(0) < 0x20)) return fallback;
  if (value.startsWith("/signup")) return fallback;
  return value;
}

export function signupRedirect(path: string): string {
  return `/signup?next=${encodeURIComponent(path)}`;
}
