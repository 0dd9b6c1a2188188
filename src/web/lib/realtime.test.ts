import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SequencedMessage } from "../../domain/realtime-events";
import { SESSION_ENDED_CLOSE_CODE } from "../../domain/realtime-frames";
import {
  PING_INTERVAL_MS,
  parseServerMessage,
  RealtimeClient,
  realtimeUrl,
  reconnectDelay,
} from "./realtime";

/** Stands in for the browser's WebSocket; the test plays the server. */
class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  // The server's side:
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }
  drop(code?: number) {
    this.readyState = 3;
    this.onclose?.(code === undefined ? undefined : { code });
  }
}

let sockets: FakeSocket[];
let received: SequencedMessage[];

function newClient(onSessionEnded?: () => void) {
  return new RealtimeClient({
    url: () => "ws://chtcht.test/realtime",
    onMessage: (message) => received.push(message),
    onSessionEnded,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.5, // no jitter: delays are exactly 1 s, 2 s, 4 s, …
  });
}
const last = () => sockets.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  received = [];
});
afterEach(() => vi.useRealTimers());

describe("reconnectDelay", () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [4, 16_000],
    [5, 30_000],
    [12, 30_000],
  ])("attempt %i waits %i ms without jitter", (attempt, ms) => {
    expect(reconnectDelay(attempt, () => 0.5)).toBe(ms);
  });

  it("jitters by up to a quarter either way and never passes 30 s", () => {
    expect(reconnectDelay(0, () => 0)).toBe(750);
    expect(reconnectDelay(0, () => 0.999_999)).toBe(1_250);
    expect(reconnectDelay(20, () => 0.999_999)).toBe(30_000);
  });
});

describe("parseServerMessage", () => {
  it("keeps known messages and drops the rest", () => {
    expect(parseServerMessage('{"type":"pong"}')).toEqual({ type: "pong" });
    expect(parseServerMessage('{"type":"post.created","id":"p1"}')).toBeNull();
    expect(parseServerMessage('{"type":"profile.counts","userId":"u1"}')).toBeNull();
    expect(parseServerMessage("not json")).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe("realtimeUrl", () => {
  it("uses the page's origin, wss on https", () => {
    expect(realtimeUrl({ protocol: "https:", host: "chtcht.com" })).toBe(
      "wss://chtcht.com/realtime",
    );
    expect(realtimeUrl({ protocol: "http:", host: "127.0.0.1:3199" })).toBe(
      "ws://127.0.0.1:3199/realtime",
    );
  });
});

describe("RealtimeClient", () => {
  it("passes on known messages only", () => {
    const client = newClient();
    client.connect();
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "0" });
    last().receive({ type: "ready", userId: "me" });
    last().receive({ type: "mystery" });
    last().receive("{");
    expect(received).toEqual([{ type: "ready", userId: "me", epoch: "e1", seq: "0" }]);
    client.disconnect();
  });

  it("pings every 25 s and reconnects when no answer came since the last ping", () => {
    const client = newClient();
    client.connect();
    last().accept();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent).toEqual([{ type: "ping" }]);
    last().receive({ type: "pong" });
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent).toEqual([{ type: "ping" }, { type: "ping" }]);
    // No pong this time: the next tick gives up on the socket and tries again 1 s later.
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(sockets[0]?.closed?.code).toBe(4000);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    client.disconnect();
  });

  it("shares a watch between components and unwatches when the last one goes", () => {
    const client = newClient();
    client.connect();
    last().accept();
    const first = client.watch("u2");
    const second = client.watch("u2");
    first();
    first(); // releasing twice counts once
    expect(last().sent).toEqual([{ type: "watch-profile", userId: "u2" }]);
    second();
    expect(last().sent).toEqual([
      { type: "watch-profile", userId: "u2" },
      { type: "unwatch-profile", userId: "u2" },
    ]);
    expect(client.watchedProfiles()).toEqual([]);
    client.disconnect();
  });

  it("reconnects with growing delays and watches again after reconnecting", () => {
    const client = newClient();
    client.watch("u2"); // before the socket exists: sent once it opens
    client.connect();
    last().accept();
    expect(last().sent).toEqual([{ type: "watch-profile", userId: "u2" }]);

    last().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // refused again (e.g. the server is restarting)
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "0" });
    expect(last().sent).toEqual([{ type: "watch-profile", userId: "u2" }]);
    // Accepted: the next drop starts again from 1 s.
    last().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
    client.disconnect();
  });

  it("reports a close because the session ended, and no other close", () => {
    const ended = vi.fn();
    const client = newClient(ended);
    client.connect();
    last().accept();
    last().drop(1006);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    last().accept();
    last().drop(SESSION_ENDED_CLOSE_CODE);
    expect(ended).toHaveBeenCalledTimes(1);
    client.disconnect();
  });

  it("closes on disconnect and stays closed", () => {
    const client = newClient();
    client.connect();
    last().accept();
    client.disconnect();
    expect(last().closed?.code).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([]);
  });

  it("keeps the last sequence it got and reconnects with it and its watches", () => {
    const client = newClient();
    client.watch("u2");
    client.connect();
    expect(last().url).toBe("ws://chtcht.test/realtime");
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "5" });
    last().receive({ type: "mail.read", threadId: "t1", seq: "6" });
    last().receive({ type: "activity.created", seq: "9" });
    last().receive({ type: "pong" });
    expect(client.lastPosition()).toEqual({ epoch: "e1", seq: "9" });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    expect(last().url).toBe("ws://chtcht.test/realtime?epoch=e1&after=9&watch=u2");
    // Resumed: a new `ready` does not move it back; the replayed events move it on.
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "7" });
    expect(client.lastPosition()).toEqual({ epoch: "e1", seq: "9" });
    last().receive({ type: "mail.read", threadId: "t1", seq: "12" });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    expect(last().url).toBe("ws://chtcht.test/realtime?epoch=e1&after=12&watch=u2");
    client.disconnect();
  });

  it("told to refetch, passes it on and goes on from the new ready's sequence", () => {
    const client = newClient();
    client.connect();
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "5" });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e2", seq: "40" });
    last().receive({ type: "refetch", reason: "unknown" });
    expect(received.at(-1)).toEqual({ type: "refetch", reason: "unknown" });
    expect(client.lastPosition()).toEqual({ epoch: "e2", seq: "40" });
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    expect(last().url).toBe("ws://chtcht.test/realtime?epoch=e2&after=40");
    client.disconnect();
  });

  it("told on an open socket that the server's history was lost, goes on in the new one", () => {
    const client = newClient();
    client.connect();
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "5" });
    last().receive({ type: "mail.read", threadId: "t1", seq: "8" });
    last().receive({ type: "ready", userId: "me", epoch: "e2", seq: "0-0" });
    last().receive({ type: "refetch", reason: "unknown" });
    expect(client.lastPosition()).toEqual({ epoch: "e2", seq: "0-0" });
    last().receive({ type: "mail.read", threadId: "t1", seq: "3" });
    expect(client.lastPosition()).toEqual({ epoch: "e2", seq: "3" });
    expect(sockets).toHaveLength(1);
    client.disconnect();
  });

  it("forgets its position when the person signs out", () => {
    const client = newClient();
    client.connect();
    last().accept();
    last().receive({ type: "ready", userId: "me", epoch: "e1", seq: "5" });
    client.disconnect();
    expect(client.lastPosition()).toBeNull();
    client.connect();
    expect(last().url).toBe("ws://chtcht.test/realtime");
    client.disconnect();
  });
});
