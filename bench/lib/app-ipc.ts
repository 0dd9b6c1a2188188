// What the bench's parent (app-process.ts) and the app's child process (app-server.ts) say to each
// other over IPC, and the token /metrics opens to: one contract both sides import.
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789";

export type ParentMessage = { type: "stats"; id: number; gc?: boolean } | { type: "stop" };
export type ChildMessage =
  | { type: "ready"; port: number; smtpPort: number }
  | {
      type: "stats";
      id: number;
      rss: number;
      heapUsed: number;
      cpuUserMs: number;
      cpuSystemMs: number;
    }
  | { type: "error"; message: string };
