// Serves the built React app from dist/web with history fallback, so deep links load, and the
// public site settings the app needs (GET /api/site, and a JSON block in every HTML answer, beside
// the one saying who is signed in), and the installed app's shell, which holds the settings alone.
// Build assets go out as the .br/.gz files the build wrote beside them, the HTML compressed per
// answer (docs/operations.md "Web delivery").
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { APP_SHELL_PATH } from "../../domain/app-shell";
import type { SessionUser } from "../../domain/contracts/auth";
import type { HeaderState } from "../../domain/contracts/header-state";
import { type PublicSiteConfig, publicSiteConfig } from "../../domain/contracts/site";
import { ERROR_CODES } from "../../domain/error-codes";
import { HEADER_STATE_ELEMENT_ID, SESSION_ELEMENT_ID } from "../../domain/page-blocks";
import {
  escapeHtml,
  injectBlocks,
  injectDefaultTitle,
  injectHead,
  type PageMetaResolver,
  renderHead,
  renderJsonBlock,
  renderSiteConfig,
} from "./app-html";
import { sendError } from "./error-handler";
import type { FrontDoor } from "./front-door";
import { isUnsafePagePath } from "./input";
import { injectPreview, leadImage } from "./page-preview";
import { screenPreloads } from "./screen-preloads";
import { loadStaticFiles, registerStaticFiles } from "./static-files";
import { registerWebManifest } from "./web-manifest";

export const webDistDir = path.resolve("dist/web");

// Never answered with the app: API paths, and build assets (a stale hash must 404, not return HTML).
const API_PREFIXES = [
  "/api/",
  "/api",
  "/healthz",
  "/readyz",
  "/metrics",
  "/media/",
  "/realtime",
  "/assets/",
];

const isApiPath = (url: string) => {
  const pathname = url.split("?")[0] ?? "";
  return API_PREFIXES.some(
    (prefix) => pathname === prefix || (prefix.endsWith("/") && pathname.startsWith(prefix)),
  );
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The HTML in the best encoding the client takes. It differs per page (head tags), so it is
 * compressed per answer: a few kilobytes at brotli quality 5 take well under a millisecond. */
async function encodeHtml(html: string, acceptEncoding: string | undefined) {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ["br", "gzip"]) : null;
  if (encoding === "br") {
    const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 };
    return { encoding, body: await brotli(html, { params }) };
  }
  if (encoding === "gzip") return { encoding, body: await gzipped(html) };
  return { encoding: null, body: html };
}

/** The first listed post's picture asked for with the page's own requests, not after the
 * screen has rendered the list. */
const imagePreload = (url: string | null) =>
  url ? `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />` : "";

interface WebAppOptions {
  distDir: string | undefined;
  site: PublicSiteConfig;
  pageMeta: PageMetaResolver;
  /** The signed-in person as GET /api/auth/session answers them. */
  sessionUser: (userId: string) => Promise<SessionUser | null>;
  /** What the signed-in header shows (domain/contracts/header-state.ts). */
  headerState: (userId: string) => Promise<HeaderState>;
  /** Where the build's files are answered (http/front-door.ts). */
  door: FrontDoor;
}

export async function registerWebApp(
  app: FastifyInstance,
  { distDir = webDistDir, site, pageMeta, sessionUser, headerState, door }: WebAppOptions,
) {
  // Only these settings ever leave the server, whatever else the caller's object holds.
  const publicSite: PublicSiteConfig = {
    siteName: site.siteName,
    mailDomain: site.mailDomain,
    publicUrl: site.publicUrl,
    newAccountDays: site.newAccountDays,
  };
  const siteConfigBlock = renderSiteConfig(publicSite);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/site",
      { schema: { tags: ["site"], response: { 200: publicSiteConfig } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-cache");
        return publicSite;
      },
    );

  registerWebManifest(app, publicSite.siteName);

  const indexFile = path.join(distDir, "index.html");
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;
  // The build writes x.js.br and x.js.gz beside x.js (vite.config.ts); sent when accepted.
  if (indexHtml) registerStaticFiles(app, door, loadStaticFiles(distDir));

  const preloads = screenPreloads(distDir);

  if (indexHtml) {
    // The installed app's shell (domain/app-shell.ts): the page as it is for no one in particular,
    // with the site settings and no session block, so the service worker may keep it; the app
    // asks who is signed in (docs/notifications.md "Installable app").
    const shell = injectBlocks(injectDefaultTitle(indexHtml, publicSite.siteName), siteConfigBlock);
    app.get(APP_SHELL_PATH, async (request, reply) => {
      const { encoding, body } = await encodeHtml(shell, request.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("vary", "accept-encoding")
        .send(body);
    });
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply, html: string) {
    const pathname = request.url.split("?")[0] ?? "/";
    // Control characters name no page; refused before any lookup (src/server/http/input.ts).
    const refused = isUnsafePagePath(pathname);
    // The viewer hook resolved the session for app pages (http/viewer.ts). Who is signed in, as
    // the session call would answer it: the app's first render does not wait for that call
    // (docs/architecture.md "Web app pages").
    const user = request.viewerId ? await sessionUser(request.viewerId) : null;
    const [meta, header] = await Promise.all([
      refused ? null : pageMeta(pathname, user),
      user && !refused ? headerState(user.id) : null,
    ]);
    const head = meta
      ? injectHead(html, renderHead(meta, publicSite))
      : injectDefaultTitle(html, publicSite.siteName);
    const page = meta?.preview ? injectPreview(head, meta.preview, publicSite.siteName) : head;
    const sessionBlock = renderJsonBlock(SESSION_ELEMENT_ID, { user });
    const headerBlock = header ? renderJsonBlock(HEADER_STATE_ELEMENT_ID, header) : "";
    const { encoding, body } = await encodeHtml(
      injectBlocks(
        page,
        [
          siteConfigBlock,
          sessionBlock,
          headerBlock,
          preloads(pathname, user !== null),
          imagePreload(meta?.preview ? leadImage(meta.preview) : null),
        ].join("\n    "),
      ),
      request.headers["accept-encoding"],
    );
    if (encoding) reply.header("content-encoding", encoding);
    // A signed-in person's page can differ from the public one (a block hides a profile or a
    // post: docs/safety.md), so no shared cache may keep it.
    const caching = request.viewerId ? "private, no-cache" : "no-cache";
    return reply
      .status(meta?.status ?? 400)
      .type("text/html; charset=utf-8")
      .header("cache-control", caching)
      .header("vary", "accept-encoding")
      .send(body);
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsApp =
      (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (wantsApp && indexHtml) return sendApp(request, reply, indexHtml);
    return sendError(reply, 404, {
      code: ERROR_CODES.notFound,
      message: `No route for ${request.method} ${request.url.split("?")[0]}`,
    });
  });
}
