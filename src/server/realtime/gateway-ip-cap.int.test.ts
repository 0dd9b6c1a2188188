// The cap on /realtime sockets per IP (docs/operations.md "Limits"), lowered from its production
// 2,000 so a test reaches it: real sockets on a real port, from several accounts on one address.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";

const CAP = 3;

let t: TestApp;
let wsUrl: string;
let ada: TestAccount;
let bob: TestAccount;
let cyd: TestAccount;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // TRUST_PROXY lets one test speak for other addresses through X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: "true" }, { maxSocketsPerIp: CAP });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/realtime`;
  [ada, bob, cyd] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await t.close();
});

type Attempt =
  | { accepted: true; socket: WebSocket; closed: Promise<number> }
  | { accepted: false; status: number; retryAfter: string | undefined; body: unknown };

/** One upgrade: accepted once the gateway says "ready", or refused with the HTTP answer. */
function attempt(account: TestAccount, forwardedFor?: string): Promise<Attempt> {
  const socket = new WebSocket(wsUrl, {
    headers: { cookie: account.cookie, ...(forwardedFor && { "x-forwarded-for": forwardedFor }) },
  });
  const closed = new Promise<number>((resolve) => socket.once("close", resolve));
  return new Promise((resolve, reject) => {
    socket.once("message", (raw) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type !== "ready") return reject(new Error(`first message: ${String(raw)}`));
      sockets.push(socket);
      resolve({ accepted: true, socket, closed });
    });
    socket.once("unexpected-response", (request, response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        request.destroy();
        resolve({
          accepted: false,
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"],
          body: JSON.parse(text),
        });
      });
    });
    // After a refusal the request is destroyed on purpose; only an error before either counts.
    socket.on("error", reject);
  });
}

async function accepted(account: TestAccount, forwardedFor?: string) {
  const result = await attempt(account, forwardedFor);
  if (!result.accepted) throw new Error(`upgrade refused: ${result.status}`);
  return result;
}

const REFUSAL = {
  accepted: false,
  status: 429,
  retryAfter: "60",
  body: {
    error: {
      code: "rate_limited",
      message: "Too many connections from this address.",
      retryAfter: 60,
    },
  },
};

describe(`/realtime with a cap of ${CAP} sockets per IP`, () => {
  it("accepts the cap from one address across accounts, refuses one more, and accepts again once one closes", async () => {
    const first = await accepted(ada);
    await accepted(ada);
    await accepted(bob);

    // A third account, well under its own cap of 20: the address is what is full.
    expect(await attempt(cyd)).toMatchObject(REFUSAL);

    // The sockets already open are untouched by the refusal.
    const ping = new Promise((resolve) => first.socket.once("message", resolve));
    first.socket.send(JSON.stringify({ type: "ping" }));
    expect(JSON.parse(String(await ping))).toEqual({ type: "pong" });

    first.socket.close();
    await first.closed;
    // The server learns of the close on its own side of the connection: allow it a moment.
    let again = await attempt(cyd);
    for (let tries = 0; !again.accepted && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await attempt(cyd);
    }
    expect(again.accepted).toBe(true);
    // …and the freed place is taken again.
    expect(await attempt(bob)).toMatchObject(REFUSAL);
  });

  it("counts each address on its own: another IP connects while one is full", async () => {
    const full = "203.0.113.10";
    for (let i = 0; i < CAP; i++) await accepted(ada, full);
    expect(await attempt(bob, full)).toMatchObject(REFUSAL);
    await accepted(bob, "203.0.113.11");
  });
});
