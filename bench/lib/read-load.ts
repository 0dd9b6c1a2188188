// GET requests under autocannon, each one's path and session chosen by its index, measured and
// reported like the other HTTP benches, and recorded as a row of `npm run bench`'s table.
import autocannon, { type AutocannonRequest } from "autocannon";
import type { RunningApp } from "./app-process";
import { measuredRun, printLoadReport } from "./load-report";
import { type ResultRow, recordRow, rowFromRun, type Target } from "./results";

export interface ReadLoad {
  bench: string;
  title: string;
  connections: number;
  /** The i-th request: its path and the session cookie it carries (none: signed out). */
  request: (i: number) => { path: string; cookie?: string };
  /** Seconds; or `amount`, a number of requests. */
  duration?: number;
  amount?: number;
  /** Warm-up loads are printed but not recorded. */
  record?: boolean;
  target?: (row: ResultRow) => Target;
}

let forwardedFor = 0;
/** Each request its own address: the global per-address limit would otherwise cap the bench. */
export const nextAddress = () => {
  forwardedFor++;
  return `10.${(forwardedFor >> 16) & 255}.${(forwardedFor >> 8) & 255}.${forwardedFor & 255}`;
};

export async function runReadLoad(app: RunningApp, load: ReadLoad): Promise<ResultRow> {
  let sent = 0;
  const read: AutocannonRequest = {
    method: "GET",
    setupRequest: (request) => {
      const { path, cookie } = load.request(sent++);
      const headers: Record<string, string> = { "x-forwarded-for": nextAddress() };
      if (cookie) headers.cookie = cookie;
      return { ...request, path, headers };
    },
  };
  const measured = await measuredRun(app, () =>
    autocannon({
      url: app.url,
      connections: load.connections,
      timeout: 10,
      requests: [read],
      ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? 20 }),
    }),
  );
  const { result } = measured;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  printLoadReport(load.title, measured, codes);
  const row = rowFromRun(load.bench, load.title, measured, load.target);
  console.log(
    `per request    app ${row.cpuAppMs?.toFixed(2)} ms CPU, PostgreSQL ${row.cpuPostgresMs?.toFixed(2)} ms CPU; app RSS ${(measured.after.rss / 1048576).toFixed(0)} MB${row.target ? `; target ${row.target.text}: ${row.target.met ? "met" : "MISSED"}` : ""}`,
  );
  if (load.record !== false) recordRow(row);
  return row;
}
