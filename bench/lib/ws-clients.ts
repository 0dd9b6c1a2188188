// Many signed-in /realtime clients in one process, each logging what it receives with the time,
// so delivery latency can be computed afterwards without per-message work beyond a JSON parse.
import WebSocket from "ws";
import type { ServerMessage } from "../../src/domain/realtime-events";
import type { BenchSession } from "./sessions";
import { mapLimit, sleep } from "./stats";

export interface Receipt {
  client: number;
  at: number;
  message: ServerMessage;
}

export interface Client {
  index: number;
  userId: string;
  cookie: string;
  socket: WebSocket;
}

const CONNECT_TIMEOUT_MS = 15_000;

/** Connects every session (at most `parallel` upgrades at a time); resolves once each got "ready". */
export async function connectClients(
  baseUrl: string,
  sessions: readonly BenchSession[],
  parallel: number,
  log: Receipt[],
  keep: (message: ServerMessage) => boolean,
): Promise<{ clients: Client[]; failures: string[]; connectMs: number[] }> {
  const failures: string[] = [];
  const connectMs: number[] = [];
  const wsUrl = `${baseUrl.replace(/^http/, "ws")}/realtime`;
  const results = await mapLimit(sessions, parallel, (session, index) => {
    const started = performance.now();
    return new Promise<Client | null>((resolve) => {
      const socket = new WebSocket(wsUrl, {
        headers: { cookie: session.cookie, "x-forwarded-for": `10.2.${index >> 8}.${index & 255}` },
      });
      let settled = false;
      const fail = (reason: string) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        failures.push(reason);
        socket.terminate();
        resolve(null);
      };
      const timer = setTimeout(() => fail("timeout"), CONNECT_TIMEOUT_MS);
      socket.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as ServerMessage;
        if (message.type === "ready") {
          clearTimeout(timer);
          settled = true;
          connectMs.push(performance.now() - started);
          resolve({ index, userId: session.userId, cookie: session.cookie, socket });
        } else if (keep(message)) {
          log.push({ client: index, at: performance.now(), message });
        }
      });
      socket.once("unexpected-response", (_request, response) =>
        fail(`HTTP ${response.statusCode}`),
      );
      socket.once("error", (error) => fail(error.message));
    });
  });
  return { clients: results.filter((c): c is Client => c !== null), failures, connectMs };
}

/** Pings every client and waits (bounded) for every pong: the server handles a socket's messages
 * in order, so after the pong it has handled everything that client sent before. */
export async function flushAll(clients: readonly Client[], timeoutMs = 15_000): Promise<number> {
  let pending = clients.length;
  const done = clients.map(
    (client) =>
      new Promise<void>((resolve) => {
        const onMessage = (raw: WebSocket.RawData) => {
          if (!String(raw).includes('"pong"')) return;
          client.socket.off("message", onMessage);
          pending--;
          resolve();
        };
        client.socket.on("message", onMessage);
        client.socket.send(JSON.stringify({ type: "ping" }));
      }),
  );
  await Promise.race([Promise.all(done), sleep(timeoutMs)]);
  return pending;
}

export function closeAll(clients: readonly Client[]): void {
  for (const client of clients) client.socket.terminate();
}
