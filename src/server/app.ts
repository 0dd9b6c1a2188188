// Builds the Fastify app (plugins, routes) without listening, so tests can inject requests.
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerErrorHandling } from "./http/error-handler";
import { registerOriginCheck } from "./http/origin-check";
import { registerWebApp } from "./http/web-app";
import type { Mailer } from "./infra/mailer";
import { createRateLimits } from "./infra/rate-limit";
import { activityRoutes } from "./modules/activity/routes";
import { createAuth } from "./modules/auth/better-auth";
import { authRoutes } from "./modules/auth/routes";
import type { AuthDeps } from "./modules/auth/service";
import { profilePageMeta } from "./modules/profiles/page-meta";
import { profileRoutes } from "./modules/profiles/routes";
import { usernameRoutes } from "./modules/usernames/routes";

export interface AppServices {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  redis?: Redis;
  /** Folder of the built web app; tests that only need the API leave it unset. */
  webDistDir?: string;
}

const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const { config, database, mailer, redis } = services;
  const app = Fastify({
    loggerInstance: services.logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: "1 minute",
    redis,
    nameSpace: "rl:global:",
    allowList: (request) => !request.url.startsWith("/api"),
  });
  registerOriginCheck(app, config);

  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const auth = createAuth(config, database.db, mailer);
  const deps: AuthDeps = {
    db: database.db,
    auth,
    limits: createRateLimits(redis),
    mailDomain: config.mailDomain,
    log: app.log,
  };

  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) => {
    await database.db.execute(sql`select 1`);
    return reply.header("cache-control", "no-store").send({ status: "ok" });
  });

  await app.register(authRoutes, { prefix: "/api/auth", deps });
  await app.register(activityRoutes, { prefix: "/api/activity", deps });
  await app.register(profileRoutes, { prefix: "/api/profiles", deps });
  await app.register(usernameRoutes, { prefix: "/api/usernames", db: database.db });
  await registerWebApp(app, {
    distDir: services.webDistDir,
    site: { publicUrl: config.publicUrl, siteName: config.siteName },
    pageMeta: (pathname) => profilePageMeta(database.db, pathname, config.siteName),
  });
  return app;
}
