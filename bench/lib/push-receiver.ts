// A local push service for the push bench (docs/performance.md "Push"): an HTTP server on
// 127.0.0.1 that takes each encrypted push as a browser's push service would, notes when its body
// had arrived and answers 201 at once. The browsers' keys and the checks come from the
// web-push-testing package's model: after the run, `opened` hands every push kept to it, which
// checks its VAPID signature and decrypts it with its browser's keys, so what is measured is what
// really arrived, and the checking's CPU is not spent beside the app while it is measured.
import { createServer, type IncomingMessage } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

interface PushApiModel {
  notifyUrl: string;
  subscribe(options: { userVisibleOnly: string; applicationServerKey: string }): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  handleNotification(
    clientHash: string,
    headers: { encoding?: string; authorization?: string; ttl?: string },
    body: Buffer,
  ): Promise<void>;
  getNotifications(request: { clientHash: string }): { messages: string[] };
}

const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as {
  PushApiModel: new () => PushApiModel;
};

interface Arrival {
  clientHash: string;
  /** performance.now() when the whole body had arrived. */
  at: number;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export interface OpenedPush {
  clientHash: string;
  at: number;
  payload: string;
}

export interface PushReceiver {
  /** A new browser's subscription for `applicationServerKey`, as PushManager.subscribe gives it. */
  subscribe(applicationServerKey: string): ReturnType<PushApiModel["subscribe"]>;
  /** Pushes arrived so far. */
  count(): number;
  /** Every push kept, checked and decrypted; a push that fails the check throws. */
  opened(): Promise<OpenedPush[]>;
  /** Forgets the pushes kept so far (a warm-up's). */
  clear(): void;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const model = new PushApiModel();
  const arrivals: Arrival[] = [];
  const server = createServer((request, response) => {
    const clientHash = request.url?.match(/^\/notify\/(\w+)$/)?.[1];
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || !clientHash) {
        response.writeHead(404).end();
        return;
      }
      arrivals.push({
        clientHash,
        at: performance.now(),
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(201, { "content-length": "0" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("push receiver has no port");
  model.notifyUrl = `http://127.0.0.1:${address.port}/notify/`;
  return {
    subscribe: (applicationServerKey) =>
      model.subscribe({ userVisibleOnly: "true", applicationServerKey }),
    count: () => arrivals.length,
    async opened() {
      const opened: OpenedPush[] = [];
      for (const push of arrivals) {
        await model.handleNotification(
          push.clientHash,
          {
            encoding: String(push.headers["content-encoding"]),
            authorization: push.headers.authorization,
            ttl: String(push.headers.ttl),
          },
          push.body,
        );
        const payload = model.getNotifications({ clientHash: push.clientHash }).messages.at(-1);
        opened.push({ clientHash: push.clientHash, at: push.at, payload: payload ?? "" });
      }
      return opened;
    },
    clear: () => {
      arrivals.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
