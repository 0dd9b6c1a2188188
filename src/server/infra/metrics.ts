// What an instance reports to Prometheus (docs/operations.md "Metrics"): the process (prom-client's
// default metrics), HTTP requests by route pattern and status class, and the product's own
// counters and gauges. Each app has its own registry, so several apps in one process (tests) never
// share or clash. Gauges read their value when scraped, from the part that owns it.
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from "prom-client";

const PREFIX = "chtcht_";

export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "HTTP requests by route pattern, method and status class.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly eventsPublished = new Counter({
    name: `${PREFIX}realtime_events_published_total`,
    help: "Domain events this instance published, by type.",
    labelNames: ["type"] as const,
    registers: [this.registry],
  });

  readonly messagesDelivered = new Counter({
    name: `${PREFIX}realtime_messages_delivered_total`,
    help: "WebSocket messages this instance sent to its clients, by type.",
    labelNames: ["type"] as const,
    registers: [this.registry],
  });

  readonly smtpMessages = new Counter({
    name: `${PREFIX}smtp_messages_total`,
    help: "Mail in (accepted, refused) over the inbound SMTP server and out (sent, failed).",
    labelNames: ["direction", "outcome"] as const,
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: "Requests refused by a rate limit, by limit.",
    labelNames: ["limit"] as const,
    registers: [this.registry],
  });

  readonly searchFilterWalks = new Counter({
    name: `${PREFIX}search_filter_walks_total`,
    help: 'Accounts that searched people with more than 40 distinct filter sets within 10 minutes, counted once per account and window (docs/search.md "Search budget").',
    registers: [this.registry],
  });

  readonly federationDeliveries = new Counter({
    name: `${PREFIX}federation_deliveries_total`,
    help: 'Deliveries to other servers by outcome: delivered, failing (an attempt failed; retried), failed (given up on). Per server for moderators (docs/federation.md "Deliveries per server").',
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when scraped: `read` returns one value, or one per label set. */
  gauge<L extends string>(
    name: string,
    help: string,
    read: () =>
      | number
      | Promise<number>
      | [LabelValues<L>, number][]
      | Promise<[LabelValues<L>, number][]>,
    labelNames: readonly L[] = [],
  ): void {
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        // A gauge that cannot be read (its database away) is left out of this scrape; the rest,
        // chtcht_dependency_up among them, still answers.
        let value: Awaited<ReturnType<typeof read>>;
        try {
          value = await read();
        } catch {
          this.reset();
          return;
        }
        if (typeof value === "number") {
          this.set(value);
          return;
        }
        this.reset();
        for (const [labels, n] of value) this.set(labels, n);
      },
    });
  }

  /** One answered HTTP request: its method, route pattern, status and time in milliseconds. */
  observeRequest(method: string, route: string, status: number, ms: number): void {
    this.httpDuration.observe({ method, route, status: statusClass(status) }, ms / 1000);
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** 2xx, 3xx, 4xx or 5xx. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
