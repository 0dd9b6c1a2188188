// The viewer (who is signed in) is resolved once per request, before anything else reads it
// (docs/architecture.md "Request path"): for the API, the WebSocket, the /post/{id} redirect and
// the app's HTML pages, whose head carries a profile's or a post's words (docs/safety.md "Pages
// served by the server"). Build assets and /media are never asked about. A route that needs an account declares `signedIn`, which
// answers 401 in the onRequest phase: before the body is parsed or validated, so a signed-out
// request with a bad body gets 401, not 400.
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../errors";

/** The signed-in user's id for these request headers, or null for a visitor. */
export type ResolveViewer = (headers: IncomingHttpHeaders) => Promise<string | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null; set by the viewer hook (see `needsViewer`). */
    viewerId: string | null;
  }
}

const VIEWER_PREFIXES = ["/api/", "/realtime", "/post/"];

/** An app page: a GET or HEAD no route answers (the web app's history fallback, http/web-app.ts),
 * outside the build's asset folder. Static files have routes of their own, so never match. */
const isAppPage = (request: FastifyRequest) =>
  request.is404 &&
  (request.method === "GET" || request.method === "HEAD") &&
  !request.url.startsWith("/assets/");

const needsViewer = (request: FastifyRequest) =>
  VIEWER_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || isAppPage(request);

export function registerViewer(app: FastifyInstance, resolve: ResolveViewer): void {
  app.decorateRequest("viewerId", null);
  app.addHook("onRequest", async (request) => {
    if (needsViewer(request)) request.viewerId = await resolve(request.headers);
  });
}

async function requireViewer(request: FastifyRequest): Promise<void> {
  if (!request.viewerId) throw unauthorized();
}

/** Route option for routes that need an account: `app.post(url, { ...signedIn, schema }, …)`. */
export const signedIn = { onRequest: requireViewer } as const;

/** The viewer of a route declared `signedIn`. */
export function me(request: FastifyRequest): string {
  if (!request.viewerId) throw unauthorized();
  return request.viewerId;
}
