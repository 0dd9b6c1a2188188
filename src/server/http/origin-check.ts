// CSRF defence in depth: the session cookie is SameSite=Lax, and state-changing API calls must come
// from our own origin, told by Origin, or when a call has none by the origin of its Referer (OWASP
// CSRF cheat sheet, "Verifying origin with standard headers"). A call with neither is let
// through: browsers send Origin on every POST, PUT, PATCH and DELETE, so such a call is a server's
// or a command-line client's (Stripe's webhook, a mail provider's RFC 8058 one-click unsubscribe),
// which holds no one's cookie to abuse. The realtime gateway checks WebSocket upgrades against the
// same list (a browser always sends Origin there).
import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../domain/error-codes";
import type { Config } from "../config";
import { sendError } from "./error-handler";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const VITE_DEV_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"];

/** Our own origin, and the Vite dev server's only under `npm run dev` (config.devServer). */
export function allowedOrigins(config: Pick<Config, "publicUrl" | "devServer">): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...(config.devServer ? VITE_DEV_ORIGINS : [])]);
}

export const isAllowedOrigin = (allowed: Set<string>, origin: string | undefined): boolean =>
  origin === undefined || allowed.has(origin);

/** Where a call comes from: its Origin, else its Referer's origin ('null', the opaque origin, for
 * a Referer that is no address), else nothing known. */
function callerOrigin(headers: { origin?: string; referer?: string }): string | undefined {
  if (headers.origin !== undefined || headers.referer === undefined) return headers.origin;
  return URL.parse(headers.referer)?.origin ?? "null";
}

export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const allowed = allowedOrigins(config);
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (!isAllowedOrigin(allowed, callerOrigin(request.headers))) {
      return sendError(reply, 403, {
        code: ERROR_CODES.forbidden,
        message: "Cross-origin request refused.",
      });
    }
  });
}
