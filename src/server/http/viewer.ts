// The viewer (who is signed in) is resolved once per request, before anything else reads it
// (docs/architecture.md "Request path"). A route that needs an account declares `signedIn`, which
// answers 401 in the onRequest phase: before the body is parsed or validated, so a signed-out
// request with a bad body gets 401, not 400.
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../errors";

/** The signed-in user's id for these request headers, or null for a visitor. */
export type ResolveViewer = (headers: IncomingHttpHeaders) => Promise<string | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null; set by the viewer hook on /api and /realtime. */
    viewerId: string | null;
  }
}

const needsViewer = (url: string) => url.startsWith("/api/") || url.startsWith("/realtime");

export function registerViewer(app: FastifyInstance, resolve: ResolveViewer): void {
  app.decorateRequest("viewerId", null);
  app.addHook("onRequest", async (request) => {
    if (needsViewer(request.url)) request.viewerId = await resolve(request.headers);
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
