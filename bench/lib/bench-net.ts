// The federation benches' fediverse on loopback (docs/performance.md "Federation"), after
// test-support/fediverse-net.ts but spread over two processes: every server of the bench
// (s1.bench.test … the delivery sinks, r1.bench.test … the senders) is a real HTTPS server in the
// bench's process with one throw-away certificate for *.bench.test, and a.bench.test (the app, in a
// child process) is reached through a TLS front that forwards to its plain port, as nginx would.
// Each process routes its fetch by name with `routingAgent`, so https://s7.bench.test/inbox reaches
// the sink's port and nothing leaves the machine.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, connect as netConnect, type Server } from "node:net";
import { createServer as createTlsServer, connect as tlsConnect } from "node:tls";
import { Agent } from "undici";
import { selfSignedCertificate } from "../../src/server/test-support/page-server";

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
