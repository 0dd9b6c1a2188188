// GET /api/feed on connections open before the clock starts (open-connections.ts), each request
// signed in as the next reader, with latency split between typical and heavy readers; optionally
// with posts and likes written meanwhile, so the in-memory feed pages and posts are kept current
// (and partly reloaded) during the run.
import type { RunningApp } from "./app-process";
import { measuredRun, printLoadReport } from "./load-report";
import { openConnections } from "./open-connections";
import { type ResultRow, recordRow, rowFromRun, type Target } from "./results";
import type { BenchSession } from "./sessions";
import { formatSummary, summarize } from "./stats";

export const BENCH_POST_TAG = "feed-bench-write";

export interface FeedLoad {
  title: string;
  sessions: BenchSession[];
  heavy: Set<string>;
  connections: number;
  /** Seconds; or `amount`, a number of requests. */
  duration?: number;
  amount?: number;
  /** Requests a second, paced (open-connections.ts); as fast as answers come without it. */
  rate?: number;
  /** Recorded as a row of `npm run bench`'s table under this load's name (warm-ups are not). */
  record?: { load: string; target?: (row: ResultRow) => Target };
}

/** Runs the load and prints its report; answers the p99 in ms and whether all were 2xx. */
export async function runFeedLoad(app: RunningApp, load: FeedLoad) {
  const latency = { typical: [] as number[], heavy: [] as number[] };
  let emptyPages = 0;
  const sessionOf = (i: number) => load.sessions[i % load.sessions.length];
  const connections = await openConnections(app.url, load.connections);
  const measured = await measuredRun(app, () =>
    connections.run({
      request: (i) => {
        const session = sessionOf(i);
        if (!session) return null;
        const headers = { cookie: session.cookie, "x-forwarded-for": session.address };
        return { path: "/api/feed", headers };
      },
      onResponse: (i, status, body, ms) => {
        const heavy = load.heavy.has(sessionOf(i)?.userId ?? "");
        (heavy ? latency.heavy : latency.typical).push(ms);
        if (status === 200 && body.startsWith('{"items":[]')) emptyPages++;
      },
      ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? 20 }),
      ...(load.rate ? { rate: load.rate } : {}),
    }),
  );
  await connections.close();
  const { result } = measured;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  printLoadReport(load.title, measured, `${codes}; empty pages ${emptyPages}`, [
    connections.describe(),
    `  typical      ${formatSummary(summarize(latency.typical), 0)}`,
    `  heavy        ${formatSummary(summarize(latency.heavy), 0)}`,
  ]);
  console.log(
    `per request    app ${(measured.appMs / result.requests.total).toFixed(2)} ms CPU, PostgreSQL ${(measured.postgresMs / result.requests.total).toFixed(2)} ms CPU; app RSS ${(measured.after.rss / 1048576).toFixed(0)} MB`,
  );
  if (load.record) recordRow(rowFromRun("feed", load.record.load, measured, load.record.target));
  return { p99: result.latency.p99, ok: result.non2xx === 0 && result.errors === 0 };
}

export interface Writes {
  /** `failed` counts the writes not answered 2xx, `failures` the same by status ("none": no answer
   * in 10 s or no connection). */
  stop(): Promise<{
    posts: number;
    likes: number;
    failed: number;
    failures: Record<string, number>;
  }>;
}

/**
 * `perSecond` times a second: a post by one of `authors` (followed by many of the readers), then
 * a like by a random reader of one of the posts made so far. Each new post reaches the cached
 * pages of the author's followers; each like drops that post from memory everywhere.
 */
export function startWrites(
  url: string,
  authors: BenchSession[],
  likers: BenchSession[],
  perSecond: number,
  next: () => number,
): Writes {
  const created: string[] = [];
  const counts = { posts: 0, likes: 0, failed: 0 };
  const failures: Record<string, number> = {};
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const send = async (path: string, session: BenchSession, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: session.cookie,
        "x-forwarded-for": session.address,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!response?.ok) {
      counts.failed++;
      const status = response ? String(response.status) : "none";
      failures[status] = (failures[status] ?? 0) + 1;
      return null;
    }
    return (await response.json()) as { post?: { id: string } };
  };
  // Open loop: a write starts on time even when earlier ones are still waiting for an answer.
  const writeOne = async () => {
    const made = await send("/api/posts", pick(authors), {
      content: `${BENCH_POST_TAG} ${counts.posts + 1}: news from the bench`,
    });
    if (made?.post) {
      created.push(made.post.id);
      counts.posts++;
    }
    if (created.length > 0 && (await send(`/api/posts/${pick(created)}/like`, pick(likers), {})))
      counts.likes++;
  };
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const write = writeOne().finally(() => pending.delete(write));
    pending.add(write);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { ...counts, failures };
    },
  };
}
