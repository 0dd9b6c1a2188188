// Loaded into each app server of the federation browser test with `node --import` (fediverse.ts):
// the process's fetch (Fedify's, WebFinger's) reaches each test server name (a.test, b.test) at its
// TLS front on loopback, trusting the run's throw-away certificate authority, as
// src/server/test-support/fediverse-net.ts does inside one process. Nothing leaves the machine.
//   FEDIVERSE_FRONTS  "a.test=41234,b.test=41235": each name's front port on 127.0.0.1
//   FEDIVERSE_CA      the certificate file the fronts serve (self-signed for every name)
import { readFileSync } from "node:fs";
import { connect } from "node:tls";
import { Agent, setGlobalDispatcher } from "undici";

const fronts = new Map(
  (process.env.FEDIVERSE_FRONTS ?? "")
    .split(",")
    .filter(Boolean)
    .map((entry) => {
      const [name, port] = entry.split("=");
      return [name, Number(port)];
    }),
);
const ca = readFileSync(process.env.FEDIVERSE_CA ?? "", "utf8");

setGlobalDispatcher(
  new Agent({
    connect: (options, callback) => {
      const port = fronts.get(options.hostname);
      if (!port) {
        callback(new Error(`no server named ${options.hostname} on the test net`), null);
        return;
      }
      const socket = connect({
        host: "127.0.0.1",
        port,
        servername: options.hostname,
        ca,
        ALPNProtocols: ["http/1.1"],
      });
      socket.once("secureConnect", () => callback(null, socket));
      socket.once("error", (error) => callback(error, null));
    },
  }),
);
