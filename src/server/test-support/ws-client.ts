// A WebSocket client for tests that records every message and can wait for one.
import WebSocket from "ws";
import type { SequencedMessage, ServerMessage } from "../../domain/realtime-events";

export interface TestSocket {
  /** Every message received, without the `seq` of those that come of events. */
  messages: ServerMessage[];
  /** Every message received as sent, `seq` and all. */
  received: SequencedMessage[];
  send(message: unknown): void;
  waitFor(predicate: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  close(): void;
  /** Settles with the close code when the socket closes. */
  closed: Promise<number>;
}

export function connectRealtime(
  baseUrl: string,
  cookie?: string,
  options: { origin?: string; query?: Record<string, string> } = {},
): Promise<TestSocket> {
  const query = options.query ? `?${new URLSearchParams(options.query)}` : "";
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/realtime${query}`, {
    headers: cookie ? { cookie } : {},
    ...(options.origin ? { origin: options.origin } : {}),
  });
  const messages: ServerMessage[] = [];
  const received: SequencedMessage[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<number>((resolve) => socket.once("close", resolve));
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as SequencedMessage;
    received.push(message);
    const { seq: _seq, ...unsequenced } = message;
    messages.push(unsequenced as ServerMessage);
    for (const wake of waiters) wake();
  });
  const client: TestSocket = {
    messages,
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    waitFor(predicate, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
    closed,
  };
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(client));
    socket.once("unexpected-response", (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    socket.once("error", reject);
  });
}
