// The federation benches' fediverse on loopback (docs/performance.md "Federation"), after
// test-support/fediverse-net.ts but spread over two processes: every server of the bench
// (s1.bench.test … the delivery sinks, r1.bench.test … the senders) is a real HTTPS server in the
// bench's process with one throw-away certificate for *.bench.test, and a.bench.test (the app, in a
// child process) is reached through a TLS front that forwards to its plain port, as nginx would.
// Each process routes its fetch by name with `routingAgent`, so https://s7.bench.test/inbox reaches
// the sink's port and nothing leaves the machine.
import { type ChildProcess, fork } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, connect as netConnect, type Server } from "node:net";
import { createServer as createTlsServer, connect as tlsConnect } from "node:tls";
import { fileURLToPath } from "node:url";
import { Agent } from "undici";
import { selfSignedCertificate } from "../../src/server/test-support/page-server";
import type { ChildMessage, ParentMessage } from "./app-ipc";
import type { AppStats } from "./app-process";
import { BENCH_SESSION_SECRET } from "./sessions";

/** The app's name on the bench's net: its PUBLIC_URL and MAIL_DOMAIN. */
export const BENCH_HOST = "a.bench.test";

export interface BenchCertificate {
  key: string;
  cert: string;
}

/** One certificate for every name of the bench, which each side trusts as its authority. */
export const benchCertificate = (): BenchCertificate =>
  selfSignedCertificate(["bench.test", "*.bench.test"]);

/** An undici dispatcher that connects each name of `routes` over TLS to its loopback port. */
export function routingAgent(routes: Record<string, number>, ca: string): Agent {
  return new Agent({
    connections: 64,
    connect: (options, callback) => {
      const port = routes[options.hostname];
      if (port === undefined) {
        callback(new Error(`no server named ${options.hostname} on the bench net`), null);
        return;
      }
      const socket = tlsConnect({
        host: "127.0.0.1",
        port,
        servername: options.hostname,
        ca,
        ALPNProtocols: ["http/1.1"],
      });
      socket.once("secureConnect", () => callback(null, socket));
      socket.once("error", (error) => callback(error, null));
    },
  });
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

export interface BenchServer {
  port: number;
  close(): Promise<void>;
}

/** An HTTPS server on loopback answering with `handler`. */
export async function startHttpsServer(
  certificate: BenchCertificate,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<BenchServer> {
  const server = createHttpsServer({ ...certificate, keepAliveTimeout: 60_000 }, handler);
  const port = await listen(server);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TLS front forwarding each connection to `port` on loopback (the app's plain HTTP port). */
export async function startTlsFront(
  certificate: BenchCertificate,
  port: number,
): Promise<BenchServer> {
  const server = createTlsServer(certificate, (secure) => {
    const upstream = netConnect(port, "127.0.0.1");
    secure.pipe(upstream).pipe(secure);
    secure.on("error", () => upstream.destroy());
    upstream.on("error", () => secure.destroy());
  });
  return {
    port: await listen(server),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a request, whole. */
export async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface FederatedApp {
  url: string;
  port: number;
  pid: number;
  stats(): Promise<AppStats>;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL("./federation-app-server.ts", import.meta.url));

/** The app as https://a.bench.test in a child process (federation-app-server.ts), its fetch routed
 * to `routes` over TLS trusting `ca`. */
export async function startFederatedApp(options: {
  databaseUrl: string;
  routes: Record<string, number>;
  ca: string;
  poolSize?: number;
}): Promise<FederatedApp> {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: [
      "--import",
      "tsx",
      "--max-semi-space-size=32",
      ...(process.env.BENCH_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    env: {
      ...process.env,
      BENCH_APP_DATABASE_URL: options.databaseUrl,
      BENCH_APP_SESSION_SECRET: BENCH_SESSION_SECRET,
      BENCH_APP_POOL: String(options.poolSize ?? 10),
      BENCH_NET_ROUTES: JSON.stringify(options.routes),
      BENCH_NET_CA: options.ca,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error("the app did not start within 60 s"));
    }, 60_000);
    child.on("message", (message: ChildMessage) => {
      if (message.type === "ready") {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.type === "error") {
        clearTimeout(timer);
        reject(new Error(`the app failed to start:\n${message.message}`));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with code ${code} before it was ready`));
    });
  });
  let nextId = 1;
  const post = (message: ParentMessage) => child.send(message);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    stats: () =>
      new Promise<AppStats>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          reject(new Error("no stats reply from the app"));
        }, 10_000);
        const onMessage = (message: ChildMessage) => {
          if (message.type !== "stats" || message.id !== id) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(message);
        };
        child.on("message", onMessage);
        post({ type: "stats", id });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        post({ type: "stop" });
      }),
  };
}
