// A small fediverse on loopback for federation tests (docs/federation.md "Tests"): each server has
// a name (a.test, b.test, …) served over real TLS by a front that forwards to its plain-HTTP port,
// with one throw-away certificate authority for every name. While the net is installed, this
// process's fetch (Fedify's, WebFinger's) reaches each name's front, so https://a.test/… and
// acct:ann@a.test work as they would on the internet, and nothing leaves the machine.

import type { AddressInfo } from "node:net";
import { connect as netConnect, type Server, type Socket } from "node:net";
import { createServer as createTlsServer, connect as tlsConnect } from "node:tls";
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { selfSignedCertificate } from "./page-server";

export interface FediverseNet {
  /** Serves `name` over TLS, forwarding to `port` on 127.0.0.1. */
  serve(name: string, port: number): Promise<void>;
  close(): Promise<void>;
}

export async function installFediverseNet(names: string[]): Promise<FediverseNet> {
  const tls = selfSignedCertificate(names);
  const fronts = new Map<string, { port: number; server: Server }>();
  /** Every socket the fronts hold, so that closing the net ends them all, whoever left one open. */
  const sockets = new Set<Socket>();
  const previous: Dispatcher = getGlobalDispatcher();
  // The deadlines a served instance's fetches have (FEDERATION_FETCH_SECONDS' default), so that a
  // test waits on a silent server as long as production does, not undici's 5 minutes.
  const agent = new Agent({
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
    connect: (options, callback) => {
      const front = fronts.get(options.hostname);
      if (!front) {
        callback(new Error(`no server named ${options.hostname} on the test net`), null);
        return;
      }
      const socket = tlsConnect({
        host: "127.0.0.1",
        port: front.port,
        servername: options.hostname,
        ca: tls.cert,
        ALPNProtocols: ["http/1.1"],
      });
      socket.once("secureConnect", () => callback(null, socket));
      socket.once("error", (error) => callback(error, null));
    },
  });
  setGlobalDispatcher(agent);

  return {
    async serve(name, port) {
      const server = createTlsServer({ key: tls.key, cert: tls.cert }, (secure) => {
        const upstream = netConnect(port, "127.0.0.1");
        for (const socket of [secure, upstream]) {
          sockets.add(socket);
          socket.once("close", () => sockets.delete(socket));
        }
        secure.pipe(upstream).pipe(secure);
        secure.on("error", () => upstream.destroy());
        upstream.on("error", () => secure.destroy());
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      fronts.set(name, { port: (server.address() as AddressInfo).port, server });
    },
    async close() {
      setGlobalDispatcher(previous);
      await agent.close();
      const closed = [...fronts.values()].map(
        ({ server }) => new Promise<void>((resolve) => server.close(() => resolve())),
      );
      for (const socket of sockets) socket.destroy();
      await Promise.all(closed);
    },
  };
}
