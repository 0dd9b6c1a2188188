// CSRF defence in depth: the session cookie is SameSite=Lax, and state-changing API calls that
// carry an Origin header must come from our own origin. The realtime gateway checks WebSocket
// upgrades against the same list (a browser always sends Origin there).
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

export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const allowed = allowedOrigins(config);
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (!isAllowedOrigin(allowed, request.headers.origin)) {
      return sendError(reply, 403, {
        code: ERROR_CODES.forbidden,
        message: "Cross-origin request refused.",
      });
    }
  });
}
