// The built web app's files from memory (docs/operations.md "Web delivery"): read once at start
// with the build's brotli and gzip copies, so a request costs no file system call (stat, open,
// read and close for each candidate encoding made /robots.txt answer at a tenth of a bare
// Fastify's rate: docs/performance.md "Trivial routes"). Hashed files under /assets/ are cached
// for a year, the rest for five minutes; an ETag per file answers a matching If-None-Match with
// 304. The build is about 1.6 MB, index.html excluded (web-app.ts renders it per page).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance } from "fastify";
import type { FrontDoor, PlainAnswer } from "./front-door";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};
/** Files with headers of their own. The service worker (docs/notifications.md "Installable app")
 * runs under its script's Content Security Policy: the resources' `default-src 'none'` would let
 * it fetch nothing, not even the files it precaches; and it is checked for a new version on every
 * visit. */
const OWN_HEADERS: Record<string, Record<string, string>> = {
  "/sw.js": { "content-security-policy": "default-src 'self'", "cache-control": "no-cache" },
};
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

interface StaticFile {
  etag: string;
  /** The file as is, and 304 for a client holding this version. */
  plain: PlainAnswer;
  notModified: PlainAnswer;
  /** The file in each encoding the build wrote it in. */
  encoded: Partial<Record<Encoding, PlainAnswer>>;
  offered: Encoding[];
}

/** Files under `dir`; hidden ones (the build's .vite/manifest.json) are not the site's. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith(".")
      ? []
      : entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name), `${prefix}/${entry.name}`)
        : [`${prefix}/${entry.name}`],
  );
}

/** Every file of the build but index.html and the compressed copies, by URL path. */
export function loadStaticFiles(distDir: string): Map<string, StaticFile> {
  const all = new Set(filesUnder(distDir));
  const files = new Map<string, StaticFile>();
  for (const urlPath of all) {
    if (urlPath === "/index.html" || ENCODINGS.some((e) => urlPath.endsWith(e.suffix))) continue;
    const body = readFileSync(path.join(distDir, urlPath));
    const immutable = urlPath.startsWith("/assets/");
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    const encodings = ENCODINGS.filter(({ suffix }) => all.has(urlPath + suffix));
    const headers: Record<string, string> = {
      "content-type": TYPES[path.extname(urlPath)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
      etag,
      ...(encodings.length > 0 ? { vary: "accept-encoding" } : {}),
      ...OWN_HEADERS[urlPath],
    };
    const encoded: StaticFile["encoded"] = {};
    for (const { name, suffix } of encodings) {
      encoded[name] = {
        status: 200,
        headers: { ...headers, "content-encoding": name },
        body: readFileSync(path.join(distDir, urlPath + suffix)),
      };
    }
    files.set(urlPath, {
      etag,
      plain: { status: 200, headers, body },
      notModified: { status: 304, headers, body },
      encoded,
      offered: encodings.map(({ name }) => name),
    });
  }
  return files;
}

/** The file in the best encoding the client takes, or 304 when it already holds this version. */
function answerFile(file: StaticFile, headers: IncomingHttpHeaders): PlainAnswer {
  if (headers["if-none-match"] === file.etag) return file.notModified;
  const accepted = headers["accept-encoding"];
  const encoding = file.offered.length > 0 && accepted ? negotiate(accepted, file.offered) : null;
  return (encoding && file.encoded[encoding as Encoding]) || file.plain;
}

/** Each file answered at the front door (http/front-door.ts), nothing else running for it. */
export function registerStaticFiles(
  app: FastifyInstance,
  door: FrontDoor,
  files: Map<string, StaticFile>,
): void {
  for (const [urlPath, file] of files) {
    door.route(app, urlPath, (headers) => answerFile(file, headers));
  }
}
