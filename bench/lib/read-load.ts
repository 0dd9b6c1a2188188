// GET requests on connections open before the clock starts (open-connections.ts), each one's path
// and session chosen by its index, measured and reported like the other HTTP benches, and recorded
// as a row of `npm run bench`'s table.
import type { RunningApp } from "./app-process";
import { measuredRun, printLoadReport } from "./load-report";
import { openConnections } from "./open-connections";
import { type ResultRow, recordRow, rowFromRun, type Target } from "./results";
import type { BenchSession } from "./sessions";

export interface ReadLoad {
  bench: string;
  title: string;
  connections: number;
  /** The i-th request: its path and whose it is (nobody: signed out, from 10.255.x.y). */
  request: (i: number) => { path: string; session?: BenchSession };
  /** Seconds; or `amount`, a number of requests. */
  duration?: number;
  amount?: number;
  /** Warm-up loads are printed but not recorded. */
  record?: boolean;
  target?: (row: ResultRow) => Target;
}

export async function runReadLoad(app: RunningApp, load: ReadLoad): Promise<ResultRow> {
  const connections = await openConnections(app.url, load.connections);
  const measured = await measuredRun(app, () =>
    connections.run({
      request: (i) => {
        const { path, session } = load.request(i);
        const headers: Record<string, string> = session
          ? { cookie: session.cookie, "x-forwarded-for": session.address }
          : { "x-forwarded-for": `10.255.${(i >> 8) & 255}.${i & 255}` };
        return { path, headers };
      },
      ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? 20 }),
    }),
  );
  await connections.close();
  const { result } = measured;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  printLoadReport(load.title, measured, codes, [connections.describe()]);
  const row = rowFromRun(load.bench, load.title, measured, load.target);
  console.log(
    `per request    app ${row.cpuAppMs?.toFixed(2)} ms CPU, PostgreSQL ${row.cpuPostgresMs?.toFixed(2)} ms CPU; app RSS ${(measured.after.rss / 1048576).toFixed(0)} MB${row.target ? `; target ${row.target.text}: ${row.target.met ? "met" : "MISSED"}` : ""}`,
  );
  if (load.record !== false) recordRow(row);
  return row;
}
