// Builds the Fastify app (plugins, routes) without listening, so tests can inject requests.
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { getCookies } from "better-auth/cookies";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { FEED_PAGE_SIZE } from "../domain/contracts/posts";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerErrorHandling } from "./http/error-handler";
import { registerOriginCheck } from "./http/origin-check";
import { registerWebApp } from "./http/web-app";
import type { Mailer } from "./infra/mailer";
import { mediaRoutes } from "./infra/media-routes";
import { createObjectStore, type ObjectStore } from "./infra/object-store";
import { createRateLimits } from "./infra/rate-limit";
import { activityRoutes } from "./modules/activity/routes";
import { createAuth } from "./modules/auth/better-auth";
import { authRoutes } from "./modules/auth/routes";
import type { AuthDeps } from "./modules/auth/service";
import { SessionCache } from "./modules/auth/session-cache";
import { cityIndex } from "./modules/cities/city-index";
import { cityRoutes } from "./modules/cities/routes";
import { commentRoutes } from "./modules/comments/routes";
import { followRoutes } from "./modules/follows/routes";
import { FeedCache } from "./modules/posts/feed-cache";
import { PostHydrator } from "./modules/posts/hydration";
import { postPageMeta } from "./modules/posts/page-meta";
import { feedPostKeys, followersAmong, likedAmong, loadPosts } from "./modules/posts/queries";
import { postRedirectRoute, postRoutes } from "./modules/posts/routes";
import { profilePageMeta } from "./modules/profiles/page-meta";
import { profileRoutes } from "./modules/profiles/routes";
import { searchRoutes } from "./modules/search/routes";
import { usernameRoutes } from "./modules/usernames/routes";
import { createMemoryBus, type EventBus } from "./realtime/bus";
import { registerRealtime } from "./realtime/gateway";

export interface AppServices {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  redis?: Redis;
  /** Domain-event bus; in-process when not given (main.ts passes a Redis bus with REDIS_URL). */
  bus?: EventBus;
  /** Media storage; built from the config (DATA_DIR/media or S3) when not given. */
  store?: ObjectStore;
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

  // One image per request; the size limit of each kind is applied when the file is read.
  await app.register(multipart, {
    limits: { files: 1, fields: 2, parts: 3, fileSize: 8 * 1024 * 1024 },
  });

  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const bus =
    services.bus ??
    createMemoryBus((error) => app.log.error({ err: error }, "event handler failed"));
  const sessions = new SessionCache();
  // The bus hands the event to this instance's subscribers (below) before it reaches the others.
  const auth = createAuth(config, database.db, mailer, (userId) => {
    bus.publish({ type: "session.ended", userId }).catch((error: unknown) => {
      app.log.error({ err: error }, "session end could not be published");
    });
  });
  const forgetEndedSessions = bus.subscribe((event) => {
    if (event.type === "session.ended") sessions.revoke(event.userId);
  });
  app.addHook("onClose", async () => forgetEndedSessions());
  const deps: AuthDeps = {
    db: database.db,
    auth,
    sessions,
    sessionCookie: getCookies(auth.options).sessionToken.name,
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
  const cities = cityIndex();
  await app.register(cityRoutes, { prefix: "/api", index: cities });
  const store = services.store ?? createObjectStore({ dataDir: config.dataDir, s3: config.s3 });
  await app.register(profileRoutes, { prefix: "/api/profiles", deps, cities, store, bus });
  await app.register(mediaRoutes, { store });
  await registerRealtime(app, {
    auth: deps,
    bus,
    followersAmong: (authorId, userIds) => followersAmong(database.db, authorId, userIds),
  });
  const feed = new FeedCache({
    load: (readerId, depth) => feedPostKeys(database.db, readerId, depth - 1, null),
    followersAmong: (authorId, readerIds) => followersAmong(database.db, authorId, readerIds),
    depth: FEED_PAGE_SIZE + 1,
  });
  const hydrator = new PostHydrator({
    load: (ids) => loadPosts(database.db, ids),
    likedAmong: (viewerId, ids) => likedAmong(database.db, viewerId, ids),
  });
  const unsubscribe = [
    bus.subscribe((event) => feed.apply(event)),
    bus.subscribe((event) => hydrator.apply(event)),
  ];
  app.addHook("onClose", async () => {
    for (const stop of unsubscribe) stop();
  });
  await app.register(followRoutes, {
    prefix: "/api/follows",
    auth: deps,
    follows: { db: database.db, bus },
  });
  await app.register(searchRoutes, { prefix: "/api/search", deps });
  await app.register(postRoutes, {
    prefix: "/api",
    auth: deps,
    posts: { db: database.db, bus, store, feed, hydrator },
    secureCookies: config.secureCookies,
  });
  await app.register(postRedirectRoute, { reader: { db: database.db, hydrator } });
  await app.register(commentRoutes, { prefix: "/api", auth: deps, db: database.db, bus });
  await app.register(usernameRoutes, { prefix: "/api/usernames", db: database.db });
  await registerWebApp(app, {
    distDir: services.webDistDir,
    site: { publicUrl: config.publicUrl, siteName: config.siteName },
    pageMeta: async (pathname) =>
      (await profilePageMeta(database.db, pathname, config.siteName)) ??
      postPageMeta({ db: database.db, hydrator }, pathname, config.siteName),
  });
  return app;
}
