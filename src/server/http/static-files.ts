// The built web app's files from memory (docs/operations.md "Web delivery"): read once at start
// with the build's brotli and gzip copies, so a request costs no file system call (stat, open,
// read and close for each candidate encoding made /robots.txt answer at a tenth of a bare
// Fastify's rate: docs/performance.md "Trivial routes"). Hashed files under /assets/ are cached
// for a year, the rest for five minutes; an ETag per file answers a matching If-None-Match with
// 304. The build is about 1.6 MB, index.html excluded (web-app.ts renders it per page).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

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
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

interface StaticFile {
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  headers: Record<string, string>;
  etag: string;
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
    const encoded: StaticFile["encoded"] = {};
    for (const { name, suffix } of ENCODINGS) {
      if (all.has(urlPath + suffix))
        encoded[name] = readFileSync(path.join(distDir, urlPath + suffix));
    }
    const immutable = urlPath.startsWith("/assets/");
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    files.set(urlPath, {
      body,
      encoded,
      etag,
      headers: {
        "content-type": TYPES[path.extname(urlPath)] ?? "application/octet-stream",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
        etag,
        ...(Object.keys(encoded).length > 0 ? { vary: "accept-encoding" } : {}),
      },
    });
  }
  return files;
}

function send(file: StaticFile, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(file.headers);
  if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  const offered = Object.keys(file.encoded) as Encoding[];
  const accepted = request.headers["accept-encoding"];
  const encoding = offered.length > 0 && accepted ? negotiate(accepted, offered) : null;
  const body = encoding ? file.encoded[encoding as Encoding] : undefined;
  if (encoding && body) return reply.header("content-encoding", encoding).send(body);
  return reply.send(file.body);
}

/** A GET (and HEAD) route per file: the router finds it, nothing else runs for it. */
export function registerStaticFiles(app: FastifyInstance, files: Map<string, StaticFile>): void {
  for (const [urlPath, file] of files) {
    app.get(urlPath, (request, reply) => send(file, request, reply));
  }
}
