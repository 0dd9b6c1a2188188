// /realtime abuse bounded (docs/operations.md "Limits"): upgrades only from our own origins, a
// cap on sockets per account (the oldest closed), a frame budget per socket, oversize frames
// refused and logged as the client's fault; and the author's own copy of a new post says it is
// theirs.
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { follow, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { connectRealtime, type TestSocket } from "../test-support/ws-client";
import { MAX_SOCKETS_PER_USER } from "./connections";
import { FRAME_LIMIT, TOO_MANY_SOCKETS } from "./gateway";

let t: TestApp;
let baseUrl: string;
let ada: TestAccount;
let bob: TestAccount;
const sockets: TestSocket[] = [];
/** The app's log lines, as pino writes them. */
const logLines: { level: number; msg?: string; err?: { code?: string } }[] = [];

beforeAll(async () => {
  const logger = pino(
    { level: "info" },
    { write: (line: string) => logLines.push(JSON.parse(line)) },
  );
  t = await createTestApp({}, { logger });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [ada, bob] = await Promise.all([createAccount(t), createAccount(t)]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function open(account: TestAccount, origin?: string) {
  const socket = await connectRealtime(baseUrl, account.cookie, { origin });
  sockets.push(socket);
  await socket.waitFor((m) => m.type === "ready");
  return socket;
}

describe("/realtime origin", () => {
  it("refuses an upgrade from another site, with a valid cookie", async () => {
    await expect(
      connectRealtime(baseUrl, ada.cookie, { origin: "https://evil.example" }),
    ).rejects.toThrow(/403/);
  });

  it("refuses the Vite dev origin outside `npm run dev`, on the socket and the API", async () => {
    await expect(
      connectRealtime(baseUrl, ada.cookie, { origin: "http://localhost:5173" }),
    ).rejects.toThrow(/403/);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/activity/read-all",
      headers: { cookie: ada.cookie, origin: "http://localhost:5173" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts our own origin", async () => {
    const socket = await open(ada, "http://localhost:3000");
    socket.send({ type: "ping" });
    await socket.waitFor((m) => m.type === "pong");
  });
});

describe("/realtime limits", () => {
  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets per account, closing the oldest`, async () => {
    const person = await createAccount(t);
    const first = await open(person);
    for (let i = 1; i < MAX_SOCKETS_PER_USER; i++) await open(person);
    const newest = await open(person);
    expect(await first.closed).toBe(TOO_MANY_SOCKETS);
    newest.send({ type: "ping" });
    await newest.waitFor((m) => m.type === "pong");
  });

  it("closes a socket that floods frames with 1008, after answering its budget", async () => {
    const socket = await open(bob);
    for (let i = 0; i < FRAME_LIMIT.points * 5; i++) socket.send({ type: "ping" });
    expect(await socket.closed).toBe(1008);
    const pongs = socket.messages.filter((m) => m.type === "pong").length;
    expect(pongs).toBeLessThanOrEqual(FRAME_LIMIT.points);
    const fresh = await open(bob);
    fresh.send({ type: "ping" });
    await fresh.waitFor((m) => m.type === "pong");
  });
});

describe("/realtime oversize frames", () => {
  it("closes a socket that sends a 100 KB frame with 1009 and logs it at info, never at error", async () => {
    const socket = await open(ada);
    const from = logLines.length;
    socket.send({ type: "ping", padding: "x".repeat(100 * 1024) });
    expect(await socket.closed).toBe(1009);
    const lines = logLines.slice(from);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(
      lines.some(
        (line) => line.level === 30 && line.err?.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH",
      ),
    ).toBe(true);
    const fresh = await open(ada);
    fresh.send({ type: "ping" });
    await fresh.waitFor((m) => m.type === "pong");
  });
});

describe("post.created", () => {
  it("tells the author their own post is theirs, and a follower that it is not", async () => {
    const [author, reader] = await Promise.all([createAccount(t), createAccount(t)]);
    await follow(t, reader, author);
    const [authorSocket, readerSocket] = await Promise.all([open(author), open(reader)]);
    const post = await publish(t, author, "Mine, live");
    const own = await authorSocket.waitFor((m) => m.type === "post.created");
    const theirs = await readerSocket.waitFor((m) => m.type === "post.created");
    expect(own).toMatchObject({ post: { id: post.id, isAuthor: true } });
    expect(theirs).toMatchObject({ post: { id: post.id, isAuthor: false } });
  });
});
