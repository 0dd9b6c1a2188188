import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { screenPreloads } from "./screen-preloads";

const manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react-1.js"] },
  "_react-1.js": { file: "assets/react-1.js" },
  "_zod-1.js": { file: "assets/zod-1.js" },
  "src/web/screens/Search/search-screen.tsx": {
    file: "assets/search-screen-1.js",
    imports: ["_react-1.js", "_zod-1.js"],
  },
  "src/web/screens/SignIn/sign-in-screen.tsx": {
    file: "assets/sign-in-screen-1.js",
    imports: ["_zod-1.js"],
  },
  "src/web/screens/Mail/mail-screen.tsx": { file: "assets/mail-screen-1.js" },
  "src/web/screens/RemoteProfile/remote-profile-screen.tsx": { file: "assets/remote-1.js" },
};

const dir = mkdtempSync(path.join(tmpdir(), "preloads-"));
mkdirSync(path.join(dir, ".vite"));
writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hrefs = (tags: string) => [...tags.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("screenPreloads", () => {
  const preloads = screenPreloads(dir);

  it("names a screen's scripts that the first script does not hold", () => {
    expect(hrefs(preloads("/search", true))).toEqual([
      "/assets/search-screen-1.js",
      "/assets/zod-1.js",
    ]);
    expect(hrefs(preloads("/mail/", false))).toEqual(["/assets/mail-screen-1.js"]);
    expect(preloads("/search", true)).toContain('<link rel="modulepreload" crossorigin href=');
  });

  it("names the remote profile's screen for /@name@server, and the sign-in screen to a visitor", () => {
    expect(hrefs(preloads("/@carol@c.example", true))).toEqual(["/assets/remote-1.js"]);
    expect(hrefs(preloads("/@carol@c.example", false))).toEqual([
      "/assets/sign-in-screen-1.js",
      "/assets/zod-1.js",
    ]);
  });

  it("names the sign-in screen for a guarded page a visitor opens", () => {
    expect(hrefs(preloads("/search", false))).toEqual([
      "/assets/sign-in-screen-1.js",
      "/assets/zod-1.js",
    ]);
  });

  it("names nothing for the pages in the first script, unknown pages, or without a manifest", () => {
    for (const page of ["/", "/ada", "/ada/a-post", "/a/b/c"]) {
      expect(preloads(page, true)).toBe("");
    }
    expect(screenPreloads(path.join(dir, "missing"))("/search", true)).toBe("");
  });
});
