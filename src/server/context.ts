// The one typed context every route plugin receives (docs/architecture.md "App context"). It is
// built once in app.ts; each service declares the slice it needs (`Pick<AppContext, "db" | "bus">`),
// so a use-case's dependencies are visible in its signature and a test can hand it a smaller one.
// It imports no module: a member the modules use through a contract is typed by an interface in
// ports/; a member that is a module's own class over its own rows (the auth library, the post
// caches, the search index) is added by that module's file with `declare module "…/context"`.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { UploadSlots } from "./http/upload";
import type { Mailer } from "./infra/mailer";
import type { Metrics } from "./infra/metrics";
import type { ObjectStore, StreamingStore } from "./infra/object-store";
import type { PageFetcher } from "./infra/page-fetch";
import type { RateLimits } from "./infra/rate-limit";
import type { Outbox } from "./outbox/outbox";
import type { MutedWordCache } from "./policy/muted-word-cache";
import type { RelationCache } from "./policy/relation-cache";
import type { CityIndex } from "./ports/city-index";
import type { FederationPort } from "./ports/federation";
import type { PaymentProvider } from "./ports/payment-provider";
import type { EventBus } from "./realtime/bus";

export interface AppContext {
  config: Config;
  db: Db;
  /** Domain events, published after commit (src/server/realtime/events.ts). */
  bus: EventBus;
  /** Media storage: DATA_DIR/media or S3. */
  store: StreamingStore;
  /** Data exports: private, never under /media (docs/accounts.md "Your data"). */
  exports: StreamingStore;
  /** Face verification captures: private, never under /media (modules/verification). */
  captures: ObjectStore;
  mailer: Mailer;
  /** Side effects written with the change and delivered after it commits (docs/outbox.md). */
  outbox: Outbox;
  limits: RateLimits;
  /** Image uploads in flight per account (at most two). */
  uploads: UploadSlots;
  cities: CityIndex;
  /** The viewers' friends and blocks, for the advanced search (docs/search.md). */
  relations: RelationCache;
  /** The viewers' muted words, kept until they change them (docs/safety.md "Muted words"). */
  mutedWords: MutedWordCache;
  /** Stripe, or the built-in test provider when no key is set (docs/usernames.md). */
  payments: PaymentProvider;
  /** Whether a person's changes must go to other servers (docs/federation.md). */
  federation: FederationPort;
  /** Other people's web pages, read safely (docs/profiles-and-media.md "Verified links"). */
  webPages: PageFetcher;
  log: FastifyBaseLogger;
  /** This instance's Prometheus metrics (docs/operations.md "Metrics"). */
  metrics: Metrics;
}

/** What a route plugin is registered with. */
export interface WithContext {
  ctx: AppContext;
}
