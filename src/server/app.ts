// Builds the Fastify app without listening, so tests can inject requests: the server and its
// plugins, one AppContext, then every module in the order listed below (docs/architecture.md
// "App context"), the realtime gateway, and the web app, whose fallback answers last.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { registerAppGauges } from "./app-metrics";
import type { AppModule, JobIntervals } from "./app-module";
import { joinOutboxHandlers, runOutboxAndJobs } from "./app-modules";
import { appPageMeta, headerStateOf } from "./app-pages";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { type Database, ping } from "./db/client";
import { registerApiLimits } from "./http/api-limits";
import { watchDependencies } from "./http/dependency-watch";
import { watchEventLoop } from "./http/event-loop";
import { registerHealth } from "./http/health";
import { allowedOrigins } from "./http/origin-check";
import { registerReplicaReads } from "./http/replica-reads";
import { createServer } from "./http/server";
import { UploadSlots } from "./http/upload";
import { registerViewer } from "./http/viewer";
import { registerWebApp } from "./http/web-app";
import { cacheBudgets } from "./infra/cache-budget";
import { createDnsResolver, type DnsResolver } from "./infra/dns-resolver";
import type { Mailer } from "./infra/mailer";
import { Metrics } from "./infra/metrics";
import { createObjectStore, createPrivateStore, type StreamingStore } from "./infra/object-store";
import { createPageFetcher } from "./infra/page-fetch";
import { parseAllowedRanges } from "./infra/public-address";
import { countRefusals, createRateLimits, type RateLimits } from "./infra/rate-limit";
import { accountModule } from "./modules/account/register";
import { activityModule } from "./modules/activity/register";
import { createAuth } from "./modules/auth/better-auth";
import { authModule, viewerResolver } from "./modules/auth/register";
import { SessionCache } from "./modules/auth/session-cache";
import { badgesModule } from "./modules/badges/register";
import { cityIndex } from "./modules/cities/city-index";
import { citiesModule } from "./modules/cities/register";
import { commentsModule } from "./modules/comments/register";
import { exportModule } from "./modules/export/register";
import { federationModule, federationPort } from "./modules/federation/register";
import { followedAmong, followersAmong } from "./modules/follows/queries";
import { followsModule } from "./modules/follows/register";
import { mailModule } from "./modules/mail/register";
import { mediaModule } from "./modules/media/register";
import { notificationSettingsModule } from "./modules/notification-settings/register";
import { notificationsModule } from "./modules/notifications/register";
import { createPayments, type Payments, paymentsModule } from "./modules/payments/register";
import { postCaches, postsModule } from "./modules/posts/register";
import { profilesModule } from "./modules/profiles/register";
import { getSessionUser } from "./modules/profiles/service";
import { pushModule } from "./modules/push/register";
import { safetyModule } from "./modules/safety/register";
import { searchIndexOf, searchModule } from "./modules/search/register";
import { transparencyModule } from "./modules/transparency/register";
import { usernamesModule } from "./modules/usernames/register";
import { createCaptureStore } from "./modules/verification/capture-store";
import { verificationModule } from "./modules/verification/register";
import type { OutboxHandlers } from "./outbox/messages";
import { Outbox } from "./outbox/outbox";
import { ownTopics } from "./outbox/own-topics";
import { MutedWordCache } from "./policy/muted-word-cache";
import { mutedEntriesOf } from "./policy/muted-words";
import { RelationCache } from "./policy/relation-cache";
import { postReadersAmong, readableAuthorsAmong } from "./policy/visibility";
import { countPublished, createMemoryBus, type EventBus } from "./realtime/bus";
import { registerRealtime } from "./realtime/gateway";

/** /readyz fails while more queries than this wait for one of this instance's connections, or
 * when its event loop was held up longer than this in the last 5 to 10 s (docs/operations.md
 * "Start and stop"). */
const POOL_WAITING_MAX = 100;
const EVENT_LOOP_DELAY_MAX_MS = 1_000;

/** What the caller hands the app; the jobs' intervals (app-module.ts) among them. */
export interface AppServices extends JobIntervals {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  redis?: Redis;
  /** Domain-event bus; in-process when not given (main.ts passes a Redis bus with REDIS_URL). */
  bus?: EventBus;
  /** Media storage; built from the config (DATA_DIR/media or S3) when not given. */
  store?: StreamingStore;
  /** Rate-limit budgets; built from `redis` (or in memory) when not given. */
  limits?: RateLimits;
  /** Folder of the built web app; tests that only need the API leave it unset. */
  webDistDir?: string;
  /** DNS for inbound mail's SPF, DKIM and DMARC checks and for website checks' addresses; from
   * DNS_SERVERS (else the system's) when not given. */
  dnsResolver?: DnsResolver;
  /** Certificates website checks trust instead of the system's (tests' own); unset: the system's. */
  linkCheckCa?: string;
  /** Cap on /realtime sockets from one IP on this instance; the gateway's 2,000 when not given. */
  maxSocketsPerIp?: number;
  /** How often the shared dependencies are checked; every 10 s when not given. */
  dependencyWatchMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's outbox (docs/outbox.md); tests drain it. */
    outbox: Outbox;
  }
}

/** Every area, in the order its routes and hooks are registered. */
const modulesOf = (payments: Payments, dnsResolver: DnsResolver): AppModule[] => [
  authModule,
  accountModule,
  notificationsModule,
  notificationSettingsModule,
  exportModule,
  activityModule,
  citiesModule,
  profilesModule,
  followsModule,
  searchModule,
  postsModule,
  commentsModule,
  usernamesModule,
  mailModule(dnsResolver),
  pushModule(dnsResolver),
  verificationModule,
  safetyModule,
  transparencyModule,
  badgesModule,
  paymentsModule(payments),
  mediaModule,
  federationModule,
];

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const { config, database, mailer, redis } = services;
  const { db } = database;
  const metrics = new Metrics();
  const { app, door } = await createServer({ config, logger: services.logger, metrics });
  const bus = countPublished(
    services.bus ??
      createMemoryBus((error) => app.log.error({ err: error }, "event handler failed")),
    metrics,
  );
  const budgets = cacheBudgets(config.cacheMemoryMb);
  const sessions = new SessionCache({ maxBytes: budgets.sessions });
  const payments = createPayments(config, db);
  const dnsResolver = services.dnsResolver ?? createDnsResolver(config.dnsServers);
  const modules = modulesOf(payments, dnsResolver);
  const followersOf = (authorId: string, userIds: string[]) =>
    followersAmong(db, { authorId, userIds });
  // The modules' handlers join these once the context exists, before the app is ready.
  const handlers: Partial<OutboxHandlers> = ownTopics(mailer, metrics, bus);
  const log = app.log;
  const outbox = new Outbox({
    db,
    mailDomain: config.mailDomain,
    log,
    handlers: handlers as OutboxHandlers,
  });
  // This instance forgets the session before the sign-out answers; the others hear of it through
  // the outbox, which keeps the event while Redis is away (docs/operations.md "Redis").
  const auth = createAuth(config, db, outbox, async (userId) => {
    sessions.revoke(userId);
    await outbox
      .enqueue([{ topic: "event", payload: { type: "session.ended", userId } }])
      .catch((error: unknown) => {
        log.error({ err: error }, "session end could not be published");
      });
  });
  const ctx: AppContext = {
    config,
    db,
    bus,
    store: services.store ?? createObjectStore({ dataDir: config.dataDir, s3: config.s3 }),
    captures: createCaptureStore(config),
    exports: createPrivateStore({ dataDir: config.dataDir, s3: config.s3, folder: "exports" }),
    mailer,
    outbox,
    limits: countRefusals(services.limits ?? createRateLimits(redis), (limit) =>
      metrics.rateLimitRefusals.inc({ limit }),
    ),
    uploads: new UploadSlots(),
    auth,
    cities: cityIndex(),
    ...postCaches(db, budgets, followersOf, federationPort),
    ...searchIndexOf(config, db, log),
    relations: new RelationCache(db, budgets),
    mutedWords: new MutedWordCache({
      load: (viewerId) => mutedEntriesOf(db, viewerId),
      maxBytes: budgets.mutedWords,
    }),
    federation: federationPort,
    payments: payments.provider,
    webPages: createPageFetcher({
      resolver: dnsResolver,
      allowed: parseAllowedRanges(config.linkCheck.allowPrivate),
      anyPort: config.linkCheck.anyPort,
      userAgent: `Mozilla/5.0 (compatible; ${config.siteName} link check; +${config.publicUrl})`,
      ca: services.linkCheckCa,
    }),
    log,
    metrics,
  };
  joinOutboxHandlers(handlers, modules, ctx);
  registerAppGauges(ctx, database, sessions);
  const resolveViewer = viewerResolver({ auth, sessions, db, log });
  if (database.replicas) registerReplicaReads(app, database.replicas, config.secureCookies);
  registerViewer(app, resolveViewer);
  registerApiLimits(app, ctx.limits);
  app.decorate("outbox", outbox);
  runOutboxAndJobs(app, { ctx, outbox, modules, intervals: services });
  const unsubscribe = [
    bus.subscribe((event) => {
      if (event.type === "session.ended") sessions.revoke(event.userId);
    }),
    bus.subscribe((event) => ctx.relations.apply(event)),
    bus.subscribe((event) => ctx.mutedWords.apply(event)),
    bus.onReset(() => {
      sessions.clear();
      ctx.relations.clear();
      ctx.mutedWords.clear();
    }),
  ];
  app.addHook("onClose", async () => {
    for (const stop of unsubscribe) stop();
  });

  // docs/operations.md "Start and stop": /readyz asks what is this instance's own; the shared
  // dependencies are watched apart, each check bounded alike.
  const { store, searchIndex } = ctx;
  const loop = watchEventLoop();
  app.addHook("onReady", async () => loop.reset());
  app.addHook("onClose", async () => loop.stop());
  const pool = database.pool;
  registerHealth(app, door, {
    ...(pool
      ? {
          pool: () => {
            const { waiting } = pool();
            if (waiting > POOL_WAITING_MAX) {
              throw new Error(`${waiting} queries wait for a database connection`);
            }
          },
        }
      : {}),
    eventLoop: () => {
      const worst = loop.worstMs();
      if (worst > EVENT_LOOP_DELAY_MAX_MS) {
        throw new Error(`the event loop was held up ${Math.round(worst)} ms`);
      }
    },
    searchIndex: () => {
      if (!searchIndex.caughtUp()) throw new Error("the search index has not caught up");
    },
  });
  watchDependencies(app, {
    metrics,
    ...(services.dependencyWatchMs ? { everyMs: services.dependencyWatchMs } : {}),
    checks: {
      database: () => ping(db),
      ...(redis ? { redis: () => redis.ping() } : {}),
      ...(store.check ? { objectStore: (signal: AbortSignal) => store.check?.(signal) } : {}),
    },
  });

  for (const module of modules) await module.register(app, ctx);
  await registerRealtime(app, {
    resolveViewer,
    bus,
    followersAmong: followersOf,
    postReadersAmong: (authorId, userIds) => postReadersAmong(db, { authorId, userIds }),
    followedAmong: (userId, authorIds) => followedAmong(db, { userId, authorIds }),
    readableAuthorsAmong: (userId, authorIds) => readableAuthorsAmong(db, { userId, authorIds }),
    allowedOrigins: allowedOrigins(config),
    maxSocketsPerIp: services.maxSocketsPerIp,
    metrics,
    onDrain: (listener) => door.inFlight.onDrain(listener),
  });
  await registerWebApp(app, {
    distDir: services.webDistDir,
    site: {
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      mailDomain: config.mailDomain,
      newAccountDays: config.newAccountDays,
    },
    pageMeta: appPageMeta(ctx, config.siteName),
    sessionUser: (userId) => getSessionUser(ctx.db, userId),
    headerState: headerStateOf(ctx),
    door,
  });
  return app;
}
