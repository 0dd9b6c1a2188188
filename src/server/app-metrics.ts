// The gauges of an app instance (docs/operations.md "Metrics"), each read when /metrics is
// scraped from the part that owns the value: the mail queue from the outbox table, the search
// index and the caches from memory, the connection pool from the PostgreSQL driver, the read
// replicas from their polls (db/replicas.ts), the SMTP listener's certificate from the file it was
// given.
import { X509Certificate } from "node:crypto";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { countMessages } from "./outbox/store";

export function registerAppGauges(
  ctx: AppContext,
  database: Database,
  sessions: { readonly bytes: number },
): void {
  const { metrics } = ctx;
  metrics.gauge(
    "cache_bytes",
    "Approximate bytes each in-memory cache holds, out of CACHE_MEMORY_MB (docs/performance.md).",
    () => {
      const posts = ctx.hydrator.bytes();
      const relations = ctx.relations.bytes();
      return [
        [{ cache: "sessions" }, sessions.bytes],
        [{ cache: "feed_pages" }, ctx.feed.stats().bytes],
        [{ cache: "posts" }, posts.posts],
        [{ cache: "post_likes" }, posts.likes],
        [{ cache: "repost_views" }, posts.reposts],
        [{ cache: "friends" }, relations.friends],
        [{ cache: "blocked" }, relations.blocked],
        [{ cache: "muted_words" }, ctx.mutedWords.bytes],
      ];
    },
    ["cache"],
  );
  metrics.gauge(
    "outbox_messages",
    "Side effects waiting in the outbox (pending), and those given up on (failed).",
    async () => {
      const { pending, failed } = await countMessages(ctx.db);
      return [
        [{ state: "pending" }, pending],
        [{ state: "failed" }, failed],
      ];
    },
    ["state"],
  );
  metrics.gauge(
    "search_index_profiles",
    "Profiles in this instance's advanced-search index.",
    () => ctx.searchIndex.stats().profiles,
  );
  metrics.gauge(
    "search_index_lag_seconds",
    "Seconds since the search index last read the change log (-1 before it is loaded).",
    () => {
      const { msSinceCaughtUp } = ctx.searchIndex.stats();
      return msSinceCaughtUp === null ? -1 : msSinceCaughtUp / 1000;
    },
  );
  metrics.gauge(
    "feed_cache_readers",
    "Active readers whose first feed page is in memory.",
    () => ctx.feed.stats().readers,
  );
  metrics.gauge(
    "feed_cache_hit_ratio",
    "Feed first pages served from memory, out of all asked since start.",
    () => {
      const { hits, misses } = ctx.feed.stats();
      return hits + misses === 0 ? 0 : hits / (hits + misses);
    },
  );
  const pool = database.pool;
  if (pool) {
    metrics.gauge(
      "db_pool_connections",
      "PostgreSQL connections of this instance: in use, idle, and queries waiting for one.",
      () => {
        const { total, idle, waiting } = pool();
        return [
          [{ state: "in_use" }, total - idle],
          [{ state: "idle" }, idle],
          [{ state: "waiting" }, waiting],
        ];
      },
      ["state"],
    );
  }
  const replicas = database.replicas;
  if (replicas) {
    // docs/operations.md "Read replicas".
    metrics.gauge(
      "db_replica_usable",
      "1 when the read replica serves reads, 0 while it is skipped (failing, or lagging beyond the bound).",
      () => replicas.health().map((r) => [{ replica: r.name }, r.usable ? 1 : 0]),
      ["replica"],
    );
    metrics.gauge(
      "db_replica_lag_seconds",
      "Seconds since the newest primary WAL position the replica had replayed when last polled.",
      () => replicas.health().map((r) => [{ replica: r.name }, r.lagSeconds ?? -1]),
      ["replica"],
    );
    metrics.gauge(
      "db_replica_reads",
      "Reads since start by outcome: served by the replica, or failed on it and answered by the primary.",
      () =>
        replicas.health().flatMap((r) => [
          [{ replica: r.name, outcome: "served" }, r.reads],
          [{ replica: r.name, outcome: "retried_on_primary" }, r.retried],
        ]),
      ["replica", "outcome"],
    );
  }
  const smtpTls = ctx.config.smtpTls;
  if (smtpTls) {
    // The first certificate of the file is the listener's own (the rest is its chain); the alert
    // on its expiry is deploy/prometheus/alerts.yml's (docs/operations.md "Alerts").
    const notAfter = Date.parse(new X509Certificate(smtpTls.cert).validTo) / 1000;
    metrics.gauge(
      "tls_certificate_not_after_seconds",
      "When a certificate the app serves expires, in Unix seconds, by listener (SMTP_TLS_CERT_FILE).",
      () => [[{ listener: "smtp" }, notAfter]],
      ["listener"],
    );
  }
}
