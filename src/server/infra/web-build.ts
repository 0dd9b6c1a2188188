// `npm start` builds the web app once when no build is present (a fresh clone).
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";

export async function ensureWebBuild(distDir: string, log: FastifyBaseLogger): Promise<void> {
  if (existsSync(path.join(distDir, "index.html"))) return;
  log.info("no web build found: building the web app (first start only)");
  const started = Date.now();
  const { build } = await import("vite");
  await build({ logLevel: "warn", build: { outDir: distDir, emptyOutDir: true } });
  log.info({ ms: Date.now() - started }, "web app built");
}
