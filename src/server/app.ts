// Builds the Fastify app (plugins, routes) without listening, so tests can inject requests.
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
} from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { FEED_PAGE_SIZE } from "../domain/limits";
import { registerAppGauges } from "./app-metrics";
import { appPageMeta, headerStateOf } from "./app-pages";
import type { Config } from "./config";
import type { AppContext, WithContext } from "./context";
import type { Database } from "./db/client";
import { registerApiLimits } from "./http/api-limits";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./http/error-handler";
import { FrontDoor } from "./http/front-door";
import { registerHealth } from "./http/health";
import { inputValidatorCompiler, registerJsonBody } from "./http/input";
import { registerMetrics } from "./http/metrics-route";
import { allowedOrigins, registerOriginCheck } from "./http/origin-check";
import { registerAccessLog, registerRequestIdHeader, requestIdOf } from "./http/request-id";
import {
  appSecurityOptions,
  registerSecurityHeaders,
  securityHeadersFor,
} from "./http/security-headers";
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
import {
  HELD_NAMES_RELEASE_MS,
  runHeldNamesRelease,
  scheduleHeldNamesRelease,
} from "./modules/account/deletion-release";
import { emailChangeRoutes } from "./modules/account/email-routes";
import { passkeyRoutes } from "./modules/account/passkey-routes";
import { accountRoutes } from "./modules/account/routes";
import { twoFactorRoutes } from "./modules/account/two-factor-routes";
import { activityRoutes } from "./modules/activity/routes";
import { createAuth } from "./modules/auth/better-auth";
import { findSessionByToken, touchSession } from "./modules/auth/queries";
import { authRoutes } from "./modules/auth/routes";
import { SessionCache } from "./modules/auth/session-cache";
import { createViewerResolver } from "./modules/auth/viewer-resolver";
import { removeProof } from "./modules/badges/proof-store";
import { PROOF_SWEEP_MS, runProofSweep, scheduleProofSweep } from "./modules/badges/proof-sweep";
import { badgeReviewRoutes, badgeRoutes } from "./modules/badges/routes";
import { cityIndex } from "./modules/cities/city-index";
import { cityRoutes } from "./modules/cities/routes";
import { commentRoutes } from "./modules/comments/routes";
import { buildExport } from "./modules/export/builder";
import { exportRoutes } from "./modules/export/routes";
import { runExportSweep, type SweepReport, scheduleExportSweep } from "./modules/export/sweep";
import { followersAmong } from "./modules/follows/queries";
import { followRoutes } from "./modules/follows/routes";
import {
  type DedupSweepReport,
  MAIL_DEDUP_SWEEP_MS,
  runMailDedupSweep,
  scheduleMailDedupSweep,
} from "./modules/mail/dedup-sweep";
import { mailRoutes } from "./modules/mail/routes";
import { registerInboundMail } from "./modules/mail/smtp";
import { mediaRoutes } from "./modules/media/routes";
import { removeImage } from "./modules/media/service";
import {
  type DigestReport,
  runEmailDigest,
  scheduleEmailDigest,
} from "./modules/notifications/digest";
import { notificationRoutes } from "./modules/notifications/routes";
import { unsubscribePageRoutes } from "./modules/notifications/unsubscribe-page-routes";
import { createPayments, registerPayments } from "./modules/payments/register";
import { FeedCache } from "./modules/posts/feed-cache";
import { PostHydrator } from "./modules/posts/hydration";
import { feedPostKeys, likedAmong, loadPosts } from "./modules/posts/queries";
import { postRedirectRoute, postRoutes } from "./modules/posts/routes";
import {
  runTimelineSweep,
  scheduleTimelineSweep,
  TIMELINE_SWEEP_MS,
} from "./modules/posts/timeline-sweep";
import { profileRoutes } from "./modules/profiles/routes";
import { getSessionUser } from "./modules/profiles/service";
import { verifyWebsite } from "./modules/profiles/website-check";
import { adminRoutes, reportRoutes, safetyRoutes } from "./modules/safety/routes";
import { ProfileIndexFeed } from "./modules/search/index-feed";
import { searchRoutes } from "./modules/search/routes";
import {
  type LifecycleReport,
  runUsernameLifecycle,
  scheduleUsernameLifecycle,
} from "./modules/usernames/lifecycle";
import { applyPaymentEvent } from "./modules/usernames/payment-events";
import { usernameRoutes } from "./modules/usernames/routes";
import { testCheckoutRoutes } from "./modules/usernames/test-checkout-routes";
import { createCaptureStore, removeCapture } from "./modules/verification/capture-store";
import { verificationRoutes } from "./modules/verification/routes";
import { Outbox } from "./outbox/outbox";
import { RelationCache } from "./policy/relation-cache";
import { countPublished, createMemoryBus, type EventBus } from "./realtime/bus";
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
  /** How often the reserved-username lifecycle runs (docs/usernames.md); 0 turns the timer off. */
  usernameLifecycleMs?: number;
  /** How often held names are released (docs/accounts.md); 0 turns the timer off. */
  heldNamesReleaseMs?: number;
  /** How often the daily e-mail digest looks for people due one (docs/accounts.md "E-mails from
   * us"); 0 turns the timer off. */
  emailDigestMs?: number;
  /** How often expired data exports are swept (docs/accounts.md "Your data"); 0 turns it off. */
  exportSweepMs?: number;
  /** How often veterans' documents past their 30 days are deleted (docs/profiles-and-media.md
   * "The veteran medal"); 0 turns it off. */
  proofSweepMs?: number;
  /** How often timeline rows past their days are deleted (docs/feed.md); 0 turns it off. */
  timelineSweepMs?: number;
  /** How often inbound Message-IDs and Idempotency-Key answers past their time are deleted
   * (docs/mail.md); 0 turns it off. */
  mailDedupSweepMs?: number;
}

const USERNAME_LIFECYCLE_MS = 60_000;
const EMAIL_DIGEST_MS = 10 * 60_000;
const EXPORT_SWEEP_MS = 3_600_000;

declare module "fastify" {
  interface FastifyInstance {
    /** One run of the reserved-username lifecycle at `now` (docs/usernames.md "Scheduled work"). */
    runUsernameLifecycle(now: Date, everyMs?: number): Promise<LifecycleReport | null>;
    /** One release of held names at `now` (docs/accounts.md "Deleting the account"). */
    releaseHeldNames(now: Date): Promise<string[] | null>;
    /** One run of the daily e-mail digest at `now` (docs/accounts.md "E-mails from us"). */
    runEmailDigest(now: Date, everyMs?: number): Promise<DigestReport | null>;
    /** One sweep of expired data exports at `now` (docs/accounts.md "Your data"). */
    runExportSweep(now: Date, everyMs?: number): Promise<SweepReport | null>;
    /** One run deleting badge documents past their time at `now` (docs/profiles-and-media.md). */
    runProofSweep(now: Date, everyMs?: number): Promise<number | null>;
    /** One run deleting timeline rows past their days at `now` (docs/feed.md). */
    runTimelineSweep(now: Date, everyMs?: number): Promise<number | null>;
    /** One run deleting mail de-duplication records past their time at `now` (docs/mail.md). */
    runMailDedupSweep(now: Date, everyMs?: number): Promise<DedupSweepReport | null>;
    /** This instance's outbox (docs/outbox.md); tests drain it. */
    outbox: Outbox;
    /** Marks the instance draining: `/readyz` answers 503 from now on (docs/operations.md "Start
     * and stop"). Resolves once no request has been in flight for a moment, or after 5 s; main.ts
     * awaits it on SIGTERM before closing. */
    drain(): Promise<void>;
  }
}

const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const { config, database, mailer, redis } = services;
  const metrics = new Metrics();
  const securityHeaders = securityHeadersFor(appSecurityOptions(config.secureCookies));
  const door = new FrontDoor({
    log: services.logger,
    metrics,
    securityHeaders,
    trustProxy: config.trustProxy,
  });
  const app = Fastify({
    serverFactory: door.serverFactory,
    loggerInstance: services.logger,
    // One line per request instead, when it is answered (http/request-id.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    genReqId: requestIdOf,
  });
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBody(app);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  registerAccessLog(app);

  registerSecurityHeaders(app, securityHeaders);
  registerOriginCheck(app, config);

  // One image per request (the frames of a live face check: http/upload.ts readFaceFrames); the
  // size limit of each kind is applied when the file is read.
  await app.register(multipart, {
    limits: { files: 1, fields: 2, parts: 3, fileSize: 8 * 1024 * 1024 },
  });

  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  registerMetrics(app, metrics, config.metricsToken);
  const bus = countPublished(
    services.bus ??
      createMemoryBus((error) => app.log.error({ err: error }, "event handler failed")),
    metrics,
  );
  const budgets = cacheBudgets(config.cacheMemoryMb);
  const sessions = new SessionCache({ maxBytes: budgets.sessions });
  const { db } = database;
  const payments = createPayments(config, db);
  const dnsResolver = services.dnsResolver ?? createDnsResolver(config.dnsServers);
  const outbox = new Outbox({
    db,
    mailDomain: config.mailDomain,
    log: app.log,
    handlers: {
      mail: async (mail) => {
        try {
          await mailer.send(mail);
          metrics.smtpMessages.inc({ direction: "out", outcome: "sent" });
        } catch (error) {
          metrics.smtpMessages.inc({ direction: "out", outcome: "failed" });
          throw error;
        }
      },
      event: (event) => bus.publish(event),
      "payments.cancel": ({ subscriptionId }) => payments.provider.cancelNow(subscriptionId),
      "payments.event": (event) => applyPaymentEvent(ctx, event, new Date()),
      // Each URL is an image (with its thumbnail), a face capture or a badge document; each
      // remover skips the others.
      "media.delete": async ({ urls }) => {
        for (const url of urls) {
          await removeImage(ctx.store, { url });
          await removeCapture(ctx.captures, url);
          await removeProof(ctx.captures, url);
        }
      },
      "export.build": (payload) => buildExport(ctx, payload),
      "links.verify": (payload) => verifyWebsite(ctx, payload),
    },
  });
  // The bus hands the event to this instance's subscribers (below) before it reaches the others.
  const auth = createAuth(config, db, outbox, (userId) => {
    bus.publish({ type: "session.ended", userId }).catch((error: unknown) => {
      app.log.error({ err: error }, "session end could not be published");
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
    feed: new FeedCache({
      load: (viewerId, depth) => feedPostKeys(db, { viewerId, limit: depth - 1, cursor: null }),
      followersAmong: (authorId, userIds) => followersAmong(db, { authorId, userIds }),
      depth: FEED_PAGE_SIZE + 1,
      maxBytes: budgets.feedPages,
    }),
    hydrator: new PostHydrator({
      load: (ids) => loadPosts(db, ids),
      likedAmong: (viewerId, ids) => likedAmong(db, { viewerId, ids }),
      maxBytes: { posts: budgets.posts, likes: budgets.postLikes },
    }),
    searchIndex: new ProfileIndexFeed(db, {
      onError: (error) => app.log.error({ err: error }, "search index catch-up failed"),
    }),
    relations: new RelationCache(db, budgets),
    payments: payments.provider,
    webPages: createPageFetcher({
      resolver: dnsResolver,
      allowed: parseAllowedRanges(config.linkCheck.allowPrivate),
      anyPort: config.linkCheck.anyPort,
      userAgent: `Mozilla/5.0 (compatible; ${config.siteName} link check; +${config.publicUrl})`,
      ca: services.linkCheckCa,
    }),
    log: app.log,
    metrics,
  };
  registerAppGauges(ctx, database, sessions);
  // Ready only once the search index is loaded (docs/search.md "Profile index").
  await ctx.searchIndex.start();
  const resolveViewer = createViewerResolver(auth, sessions, {
    find: (token) => findSessionByToken(db, token),
    seen: (sessionId) => {
      touchSession(db, sessionId).catch((error: unknown) => {
        app.log.warn({ err: error }, "a session's last-seen time could not be written");
      });
    },
  });
  registerViewer(app, resolveViewer);
  registerApiLimits(app, ctx.limits);
  const unsubscribe = [
    bus.subscribe((event) => {
      if (event.type === "session.ended") sessions.revoke(event.userId);
    }),
    bus.subscribe((event) => ctx.feed.apply(event)),
    bus.subscribe((event) => ctx.hydrator.apply(event)),
    bus.subscribe((event) => ctx.relations.apply(event)),
  ];
  app.decorate("outbox", outbox);
  app.decorate("runUsernameLifecycle", (now: Date, everyMs?: number) =>
    runUsernameLifecycle(ctx, now, everyMs),
  );
  app.decorate("releaseHeldNames", (now: Date) => runHeldNamesRelease(ctx, now));
  app.decorate("runEmailDigest", (now: Date, everyMs?: number) =>
    runEmailDigest(ctx, now, everyMs),
  );
  app.decorate("runExportSweep", (now: Date, everyMs?: number) =>
    runExportSweep(ctx, now, everyMs),
  );
  app.decorate("runProofSweep", (now: Date, everyMs?: number) => runProofSweep(ctx, now, everyMs));
  app.decorate("runTimelineSweep", (now: Date, everyMs?: number) =>
    runTimelineSweep(ctx, now, everyMs),
  );
  app.decorate("runMailDedupSweep", (now: Date, everyMs?: number) =>
    runMailDedupSweep(ctx, now, everyMs),
  );
  const lifecycleMs = services.usernameLifecycleMs ?? USERNAME_LIFECYCLE_MS;
  const heldNamesMs = services.heldNamesReleaseMs ?? HELD_NAMES_RELEASE_MS;
  const digestMs = services.emailDigestMs ?? EMAIL_DIGEST_MS;
  const sweepMs = services.exportSweepMs ?? EXPORT_SWEEP_MS;
  const proofSweepMs = services.proofSweepMs ?? PROOF_SWEEP_MS;
  const timelineSweepMs = services.timelineSweepMs ?? TIMELINE_SWEEP_MS;
  const mailDedupSweepMs = services.mailDedupSweepMs ?? MAIL_DEDUP_SWEEP_MS;
  let stopLifecycle: (() => Promise<void>) | null = null;
  let stopHeldNames: (() => Promise<void>) | null = null;
  let stopDigest: (() => Promise<void>) | null = null;
  let stopSweep: (() => Promise<void>) | null = null;
  let stopProofSweep: (() => Promise<void>) | null = null;
  let stopTimelineSweep: (() => Promise<void>) | null = null;
  let stopMailDedupSweep: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    outbox.start();
    if (lifecycleMs > 0) stopLifecycle = scheduleUsernameLifecycle(ctx, lifecycleMs);
    if (heldNamesMs > 0) stopHeldNames = scheduleHeldNamesRelease(ctx, heldNamesMs);
    if (digestMs > 0) stopDigest = scheduleEmailDigest(ctx, digestMs);
    if (sweepMs > 0) stopSweep = scheduleExportSweep(ctx, sweepMs);
    if (proofSweepMs > 0) stopProofSweep = scheduleProofSweep(ctx, proofSweepMs);
    if (timelineSweepMs > 0) stopTimelineSweep = scheduleTimelineSweep(ctx, timelineSweepMs);
    if (mailDedupSweepMs > 0) {
      stopMailDedupSweep = scheduleMailDedupSweep(ctx, mailDedupSweepMs);
    }
  });
  app.addHook("onClose", async () => {
    for (const stop of unsubscribe) stop();
    ctx.searchIndex.close();
    await stopLifecycle?.();
    await stopHeldNames?.();
    await stopDigest?.();
    await stopSweep?.();
    await stopProofSweep?.();
    await stopTimelineSweep?.();
    await stopMailDedupSweep?.();
    await outbox.stop();
  });

  // docs/operations.md "Start and stop": each check is bounded by /readyz's own timeout.
  const { store, searchIndex } = ctx;
  registerHealth(app, door, {
    database: () => db.execute(sql`select 1`),
    ...(redis ? { redis: () => redis.ping() } : {}),
    ...(store.check ? { objectStore: (signal: AbortSignal) => store.check?.(signal) } : {}),
    searchIndex: () => {
      if (!searchIndex.caughtUp()) throw new Error("the search index has not caught up");
    },
  });

  const api: [FastifyPluginAsyncZod<WithContext>, string][] = [
    [authRoutes, "/api/auth"],
    [accountRoutes, "/api/account"],
    [twoFactorRoutes, "/api/account/two-factor"],
    [emailChangeRoutes, "/api/account/email"],
    [passkeyRoutes, "/api/account/passkeys"],
    [notificationRoutes, "/api"],
    [exportRoutes, "/api/account/export"],
    [activityRoutes, "/api/activity"],
    [cityRoutes, "/api"],
    [profileRoutes, "/api/profiles"],
    [followRoutes, "/api/follows"],
    [searchRoutes, "/api/search"],
    [postRoutes, "/api"],
    [commentRoutes, "/api"],
    [usernameRoutes, "/api/usernames"],
    [mailRoutes, "/api/mail"],
    [verificationRoutes, "/api/verification"],
    [safetyRoutes, "/api/safety"],
    [reportRoutes, "/api/reports"],
    [adminRoutes, "/api/admin"],
    [badgeRoutes, "/api/badges"],
    [badgeReviewRoutes, "/api/admin/badge-requests"],
    [postRedirectRoute, ""],
    [unsubscribePageRoutes, ""],
  ];
  for (const [routes, prefix] of api) await app.register(routes, { prefix, ctx });
  await registerPayments(app, ctx, payments.stripe);
  if (!payments.stripe) {
    await app.register(testCheckoutRoutes, { prefix: "/api/payments/test", ctx });
  }
  await app.register(mediaRoutes, { store: ctx.store });
  registerInboundMail(app, ctx, dnsResolver);
  await registerRealtime(app, {
    resolveViewer,
    bus,
    followersAmong: (authorId, userIds) => followersAmong(db, { authorId, userIds }),
    allowedOrigins: allowedOrigins(config),
    maxSocketsPerIp: services.maxSocketsPerIp,
    metrics,
  });
  await registerWebApp(app, {
    distDir: services.webDistDir,
    site: { publicUrl: config.publicUrl, siteName: config.siteName, mailDomain: config.mailDomain },
    pageMeta: appPageMeta(ctx, config.siteName),
    sessionUser: (userId) => getSessionUser(ctx.db, userId),
    headerState: headerStateOf(ctx),
    door,
  });
  return app;
}
