// The installed app's manifest (docs/notifications.md "Installable app"): served with the site's
// name, as the manifest type, with the icons an install needs, each of which the build holds.
import { existsSync } from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MANIFEST_PATH, registerWebManifest } from "./web-manifest";

describe(MANIFEST_PATH, () => {
  it("names the site, opens standalone at /, and lists icons that exist", async () => {
    const app = Fastify();
    registerWebManifest(app, "Pinecone");
    const answer = await app.inject({ method: "GET", url: MANIFEST_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    const manifest = answer.json();
    expect(manifest).toMatchObject({
      name: "Pinecone",
      short_name: "Pinecone",
      start_url: "/",
      display: "standalone",
    });
    const purposes = manifest.icons.map((i: { sizes: string; purpose: string }) => i.purpose);
    expect(purposes).toEqual(["any", "any", "maskable", "maskable"]);
    for (const icon of manifest.icons as { src: string }[]) {
      expect(existsSync(path.join("public", icon.src))).toBe(true);
    }
    await app.close();
  });
});
