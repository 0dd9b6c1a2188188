// Which page an address names: the route tables of spec-1 §2 and spec-2 §2, plus the app's own
// pages (settings, a suspension's appeal, moderation, the transparency report, the test checkout). One table for the
// status and <title> the server answers (src/server/app-pages.ts) and the titles the screens set
// (page-titles.ts), so a page never answers 404 for a route the app serves, nor 200 for one it
// does not.
import { normalizeHandle } from "./handles";
import { parseTagName } from "./hashtags";

/** Pages whose title depends on the address alone. */
export type StaticPage =
  | "home"
  | "signup"
  | "auth-callback"
  | "policies"
  | "about"
  | "transparency"
  | "mail"
  | "activity"
  | "bookmarks"
  | "search"
  | "settings"
  | "appeal"
  | "moderation"
  | "checkout-success"
  | "test-checkout"
  | "edit-profile"
  | "not-found";

export type PageRoute =
  | { kind: StaticPage }
  | { kind: "profile"; handle: string }
  /** A tag's page, `/tags/{tag}` (docs/feed.md "Hashtags"): `tag` is its key. */
  | { kind: "tag"; tag: string }
  | { kind: "post"; handle: string; slug: string };

/** Paths by their segments, in the order of spec-1 §2 (`*` one segment, `*?` an optional one).
 * /post/{postId} is answered by the server's redirect route (spec-1 §2), before this table. */
const ROUTES: readonly (readonly [string, StaticPage])[] = [
  ["", "home"],
  ["signup", "signup"],
  ["auth/callback", "auth-callback"],
  ["policies", "policies"],
  ["about", "about"],
  ["transparency", "transparency"],
  ["mail", "mail"],
  ["activity", "activity"],
  ["bookmarks", "bookmarks"],
  ["search", "search"],
  ["settings", "settings"],
  ["settings/appeal/*", "appeal"],
  ["admin/reports", "moderation"],
  ["checkout-success/*?", "checkout-success"],
  ["checkout/test/*", "test-checkout"],
  ["*/edit-profile", "edit-profile"],
];

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern === "" ? [] : pattern.split("/");
  const optional = parts.at(-1) === "*?";
  const required = optional ? parts.slice(0, -1) : parts;
  if (segments.length !== required.length && !(optional && segments.length === parts.length)) {
    return false;
  }
  return segments.every((segment, i) => {
    const part = parts[i];
    return part === "*" || part === "*?" || part === segment;
  });
}

/** The page of a pathname (no query); a trailing slash names the same page, as in the app. */
export function pageRoute(pathname: string): PageRoute {
  const trimmed = pathname.replace(/^\/+|\/+$/g, "");
  let segments: string[];
  try {
    segments = trimmed === "" ? [] : trimmed.split("/").map(decodeURIComponent);
  } catch {
    return { kind: "not-found" };
  }
  if (segments.some((segment) => segment === "")) return { kind: "not-found" };
  const page = ROUTES.find(([pattern]) => matches(pattern, segments));
  if (page) return { kind: page[1] };
  if (segments[0] === "tags" && segments.length === 2) {
    const tag = parseTagName(segments[1] ?? "");
    return tag === null ? { kind: "not-found" } : { kind: "tag", tag };
  }
  const [first = "", slug] = segments;
  // spec-1 §2 /{handle} and /{handle}/{postSlug}: a leading @ is stripped. As in the app's router,
  // any other one or two segments name a profile or a post, which the server then looks up.
  const handle = normalizeHandle(first);
  if (segments.length > 2 || handle === "") return { kind: "not-found" };
  return slug === undefined ? { kind: "profile", handle } : { kind: "post", handle, slug };
}
