// An HTTP load on connections that are open before the clock starts (docs/performance.md
// "Connections open before the clock"): each connection is opened and answers one GET /healthz
// first, then every connection sends its next request as soon as its last answer is read (closed)
// or when its time comes at a given rate (open). Behind
// the balancer the app's connections stay open (docs/operations.md "Behind a load balancer"), so
// this is what a person's request meets; opening 100 connections at once is reported on its own,
// as the slowest of those first answers. Returns autocannon's result shape, so the reports and
// table rows are the same as for the other HTTP benches.
import type { Histogram, Result } from "autocannon";
import { Client } from "undici";
import { percentile } from "./stats";

export interface OpenRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface OpenLoad {
  /** Seconds; or `amount`, a number of requests. */
  duration?: number;
  amount?: number;
  /** Requests a second, paced: the i-th is sent no sooner than i / rate seconds after the start,
   * and its latency counts from then, so a late answer delays no later request's measure (an
   * open load, as people arriving on their own are). Without it each connection sends its next
   * request as soon as its last answer is read. */
  rate?: number;
  /** The i-th request of the run, i counting from 0 across all connections. */
  request: (i: number) => OpenRequest | null;
  /** Sees each answer: which request, its status, its body and how long it took in ms. */
  onResponse?: (i: number, status: number, body: string, ms: number) => void;
}

export interface OpenConnections {
  /** The report line on how the connections opened: the slowest first answer. */
  describe(): string;
  run(load: OpenLoad): Promise<Result>;
  close(): Promise<void>;
}

const TIMEOUT_MS = 10_000;

function histogram(values: number[], digits: number): Histogram {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, v) => sum + v, 0);
  const mean = sorted.length ? total / sorted.length : 0;
  const at = (p: number) => (sorted.length ? Number(percentile(sorted, p).toFixed(digits)) : 0);
  const variance = sorted.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (sorted.length || 1);
  return {
    average: mean,
    mean,
    stddev: Math.sqrt(variance),
    min: sorted[0] ?? 0,
    max: Number((sorted.at(-1) ?? 0).toFixed(digits)),
    total,
    p50: at(50),
    p90: at(90),
    p97_5: at(97.5),
    p99: at(99),
    p99_9: at(99.9),
  };
}

export async function openConnections(url: string, count: number): Promise<OpenConnections> {
  const clients = Array.from(
    { length: count },
    () =>
      new Client(url, {
        pipelining: 1,
        keepAliveTimeout: 600_000,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      }),
  );
  const started = performance.now();
  const firstAnswers = await Promise.all(
    clients.map(async (client) => {
      const { statusCode, body } = await client.request({ method: "GET", path: "/healthz" });
      await body.text();
      if (statusCode !== 200) throw new Error(`GET /healthz answered ${statusCode}`);
      return performance.now() - started;
    }),
  );

  async function run(load: OpenLoad): Promise<Result> {
    const latencies: number[] = [];
    const perSecond: number[] = [];
    const statusCodeStats: Record<string, { count: number }> = {};
    let [next, errors, timeouts, non2xx] = [0, 0, 0, 0];
    const t0 = performance.now();
    const deadline = load.duration ? t0 + load.duration * 1000 : Number.POSITIVE_INFINITY;
    const more = () =>
      (load.amount === undefined || next < load.amount) && performance.now() < deadline;

    const drive = async (client: Client) => {
      while (more()) {
        const i = next++;
        const request = load.request(i);
        if (!request) return;
        const due = load.rate ? t0 + (i * 1000) / load.rate : 0;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const sent = load.rate ? due : performance.now();
        try {
          const answer = await client.request({ method: "GET", ...request });
          const body = await answer.body.text();
          const done = performance.now();
          const ms = done - sent;
          latencies.push(ms);
          const second = Math.floor((done - t0) / 1000);
          perSecond[second] = (perSecond[second] ?? 0) + 1;
          const code = String(answer.statusCode);
          statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + 1 };
          if (answer.statusCode < 200 || answer.statusCode >= 300) non2xx++;
          load.onResponse?.(i, answer.statusCode, body, ms);
        } catch (error) {
          const code = (error as { code?: string }).code ?? "";
          if (code.includes("TIMEOUT")) timeouts++;
          else errors++;
        }
      }
    };
    await Promise.all(clients.map(drive));
    const duration = (performance.now() - t0) / 1000;
    const inRange = (from: number) =>
      Object.entries(statusCodeStats)
        .filter(([code]) => Number(code) >= from && Number(code) < from + 100)
        .reduce((sum, [, { count }]) => sum + count, 0);
    const counts = Array.from(perSecond, (n) => n ?? 0);
    // A last partial second would pull the per-second figures down: rate over the whole run.
    const rate = latencies.length / Math.max(duration, 1e-3);
    const requests = histogram(counts.length > 1 ? counts.slice(0, -1) : counts, 0);
    return {
      duration,
      errors,
      timeouts,
      non2xx,
      "2xx": inRange(200),
      "4xx": inRange(400),
      "5xx": inRange(500),
      statusCodeStats,
      latency: histogram(latencies, 1),
      requests: { ...requests, average: rate, mean: rate, total: latencies.length, sent: next },
      throughput: histogram([], 0),
    };
  }

  const openingMs = Math.max(...firstAnswers);
  return {
    describe: () =>
      `connections    ${count} opened before the clock; slowest first answer ${openingMs.toFixed(0)} ms`,
    run,
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}
