// The scripts a page's own screen needs beyond the first script, named in the page's <head> as
// module preloads so the browser fetches them beside the first script instead of after it has
// run (docs/performance.md "Initial JavaScript"). The build's manifest (dist/web/.vite, never
// served) says which files each screen's module and its static imports are in; without it (the
// tests' stand-in app, a build without a manifest) pages name none.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { FEDIVERSE_HANDLE } from "../../domain/fediverse-handle";
import { type PageRoute, pageRoute, type StaticPage } from "../../domain/page-routes";

/** A person on another server's page, /@name@server (routing/profile-page.tsx). */
type RemoteProfile = "remote-profile";

/** The screens src/web/routing/router.tsx loads on demand, by page. */
const SCREENS: Partial<Record<StaticPage | RemoteProfile, string>> = {
  "remote-profile": "src/web/screens/RemoteProfile/remote-profile-screen.tsx",
  signup: "src/web/screens/SignIn/sign-in-screen.tsx",
  "auth-callback": "src/web/screens/AuthCallback/auth-callback-screen.tsx",
  policies: "src/web/screens/Policies/policies-screen.tsx",
  about: "src/web/screens/About/about-screen.tsx",
  transparency: "src/web/screens/Transparency/transparency-screen.tsx",
  mail: "src/web/screens/Mail/mail-screen.tsx",
  activity: "src/web/screens/Activity/activity-screen.tsx",
  search: "src/web/screens/Search/search-screen.tsx",
  settings: "src/web/screens/Settings/settings-screen.tsx",
  appeal: "src/web/screens/Appeal/appeal-link-screen.tsx",
  moderation: "src/web/screens/AdminReports/admin-reports-screen.tsx",
  "checkout-success": "src/web/screens/CheckoutSuccess/checkout-success-screen.tsx",
  "test-checkout": "src/web/screens/TestCheckout/test-checkout-screen.tsx",
  "edit-profile": "src/web/screens/EditProfile/edit-profile-screen.tsx",
};

/** Pages that show the sign-in screen in their place to a visitor (router.tsx `guarded`). */
const GUARDED = new Set<StaticPage>([
  "activity",
  "search",
  "settings",
  "moderation",
  "checkout-success",
  "test-checkout",
  "edit-profile",
]);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/** The manifest keys of `key` and everything it imports statically. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, into);
  return into;
}

export type ScreenPreloads = (pathname: string, signedIn: boolean) => string;

/** For a page's pathname, the <link rel="modulepreload"> tags of its screen's scripts. */
export function screenPreloads(distDir: string): ScreenPreloads {
  const manifest = readManifest(distDir);
  if (!manifest) return () => "";
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const first = entry ? closure(manifest, entry) : new Set<string>();
  const tags = new Map<string, string>();
  for (const [page, screen] of Object.entries(SCREENS)) {
    const files = [...closure(manifest, screen)]
      .filter((key) => !first.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}" />`);
    tags.set(page, files.join("\n    "));
  }
  const screenOf = (route: PageRoute, signedIn: boolean) => {
    if (route.kind === "profile" && FEDIVERSE_HANDLE.test(route.handle)) {
      return signedIn ? "remote-profile" : "signup";
    }
    return GUARDED.has(route.kind as StaticPage) && !signedIn ? "signup" : route.kind;
  };
  return (pathname, signedIn) => tags.get(screenOf(pageRoute(pathname), signedIn)) ?? "";
}
