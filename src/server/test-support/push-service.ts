// A local push service for tests, with no internet: the web-push-testing package's server, run in
// this process on a free port of 127.0.0.1. It hands out subscriptions as a browser's PushManager
// would (an endpoint, a P-256 key and an auth secret for our VAPID key), checks each push's VAPID
// signature, decrypts it, and keeps the plaintext for the test to read; an expired subscription
// answers 410.
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { Agent, fetch } from "undici";

const require = createRequire(import.meta.url);

interface PushApiModel {
  notifyUrl: string;
}
type ServerClass = new (
  model: PushApiModel,
  port: number,
) => {
  startServer(): void;
  _server: Server;
  _app: { use(handler: (req: { path: string }, res: unknown, next: () => void) => void): void };
};

const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as {
  PushApiModel: new () => PushApiModel;
};
const WebPushTestingServer = require("web-push-testing/src/server.js") as ServerClass;

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The push service's name for it: read its pushes, expire it. */
  clientHash: string;
}

export interface PushService {
  /** Its port on 127.0.0.1. */
  port: number;
  /** A new browser's subscription for `applicationServerKey` (our VAPID public key). */
  subscribe(applicationServerKey: string): Promise<BrowserSubscription>;
  /** The decrypted payloads this browser has been sent, oldest first. */
  received(clientHash: string): Promise<string[]>;
  /** From now on, pushes to it answer 410 (the browser unsubscribed, or it expired). */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

/** `takesMs`: how long each push waits, once its body has arrived, before it is taken (a slow push
 * service, so pushes queue behind it). */
export async function startPushService(options: { takesMs?: number } = {}): Promise<PushService> {
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, 0);
  const takesMs = options.takesMs ?? 0;
  // Ahead of its routes, which it adds when it starts.
  if (takesMs > 0) {
    server._app.use((req, _res, next) => {
      if (req.path.startsWith("/notify/")) setTimeout(next, takesMs);
      else next();
    });
  }
  const log = console.log;
  console.log = () => {}; // its start-up line
  try {
    server.startServer();
    await new Promise<void>((resolve) => server._server.once("listening", () => resolve()));
  } finally {
    console.log = log;
  }
  const address = server._server.address();
  if (!address || typeof address === "string") throw new Error("push service has no port");
  const base = `http://127.0.0.1:${address.port}`;
  model.notifyUrl = `${base}/notify/`;
  // Its own connections, so a test's fediverse net (which answers every fetch of the process for
  // its names: fediverse-net.ts) does not stand between the test and this service.
  const direct = new Agent();
  const post = async (path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      dispatcher: direct,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    port: address.port,
    async subscribe(applicationServerKey) {
      const answer = await post("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      return ((await answer.json()) as { data: BrowserSubscription }).data;
    },
    async received(clientHash) {
      const answer = await post("/get-notifications", { clientHash });
      return ((await answer.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    close: async () => {
      await direct.close();
      await new Promise<void>((resolve, reject) => {
        server._server.closeAllConnections();
        server._server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
