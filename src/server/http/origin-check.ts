// CSRF defence in depth: the session cookie is SameSite=Lax, and state-changing API calls that
// carry an Origin header must come from our own origin.
import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../domain/contracts/errors";
import type { Config } from "../config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const VITE_DEV_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"];

export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const allowed = new Set([
    new URL(config.publicUrl).origin,
    ...(config.env === "development" ? VITE_DEV_ORIGINS : []),
  ]);
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin)) {
      return reply
        .status(403)
        .send({ error: { code: ERROR_CODES.forbidden, message: "Cross-origin request refused." } });
    }
  });
}
