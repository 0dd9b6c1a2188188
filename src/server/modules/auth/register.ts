// The sign-in area in the app (docs/accounts.md): its routes under /api/auth, and the resolver of
// who is signed in, which app.ts hooks to every request before any module's routes
// (docs/architecture.md "Request path").
import type { FastifyBaseLogger } from "fastify";
import type { AppModule } from "../../app-module";
import type { Db } from "../../db/client";
import type { Auth } from "./better-auth";
import { findSessionByToken, touchSession } from "./queries";
import { authRoutes } from "./routes";
import type { SessionCache } from "./session-cache";
import { createViewerResolver } from "./viewer-resolver";

/** Sessions from the cache, else one read; the last-seen time is written without waiting. */
export function viewerResolver({
  auth,
  sessions,
  db,
  log,
}: {
  auth: Auth;
  sessions: SessionCache;
  db: Db;
  log: FastifyBaseLogger;
}) {
  return createViewerResolver(auth, sessions, {
    find: (token) => findSessionByToken(db, token),
    seen: (sessionId) => {
      touchSession(db, sessionId).catch((error: unknown) => {
        log.warn({ err: error }, "a session's last-seen time could not be written");
      });
    },
  });
}

export const authModule: AppModule = {
  async register(app, ctx) {
    await app.register(authRoutes, { prefix: "/api/auth", ctx });
  },
};
