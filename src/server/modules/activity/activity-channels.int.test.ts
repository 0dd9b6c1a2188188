// Activity and the notification settings (docs/notifications.md "Kinds and channels"): a kind
// turned off in the app leaves the Activity page and the unread count (and comes back when turned
// on again, nothing lost), and reading Activity in one tab tells the reader's other tabs, so every
// tab and device shows the same count.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime, type TestSocket } from "../../test-support/ws-client";

let t: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const groupTypes = async (who: TestAccount) =>
  ((await inject(t, who, "GET", "/api/activity")).json().groups as { groupType: string }[]).map(
    (g) => g.groupType,
  );
const unread = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/activity/unread-count")).json().count as number;
const inApp = (who: TestAccount, kind: string, on: boolean) =>
  inject(t, who, "PATCH", "/api/account/notifications", { matrix: { [kind]: { app: on } } });

describe("kinds in the app", () => {
  it("a kind turned off leaves the page and the count, and comes back when turned on", async () => {
    const [ada, ben] = await Promise.all([createAccount(t), createAccount(t)]);
    const post = await publish(t, ada, "Morning light");
    await inject(t, ben, "POST", `/api/posts/${post.id}/like`);
    await follow(t, ben, ada);
    expect(await groupTypes(ada)).toEqual(["FOLLOW", "LIKE"]);
    expect(await unread(ada)).toBe(2);

    expect((await inApp(ada, "like", false)).statusCode).toBe(200);
    expect(await groupTypes(ada)).toEqual(["FOLLOW"]);
    expect(await unread(ada)).toBe(1);
    expect((await inApp(ada, "like", true)).statusCode).toBe(200);
    expect(await groupTypes(ada)).toEqual(["FOLLOW", "LIKE"]);
    expect(await unread(ada)).toBe(2);
  });

  it("messages stay in the app: turning them off is refused", async () => {
    const cy = await createAccount(t);
    const res = await inApp(cy, "message", false);
    expect(res.statusCode).toBe(400);
  });
});

describe("reading Activity", () => {
  it("tells the reader's other tabs, and no one else's", async () => {
    const [dee, eli] = await Promise.all([createAccount(t), createAccount(t)]);
    await follow(t, eli, dee);
    const open = async (who: TestAccount) => {
      const socket = await connectRealtime(baseUrl, who.cookie);
      sockets.push(socket);
      await socket.waitFor((m) => m.type === "ready");
      return socket;
    };
    const [deeTab, eliTab] = await Promise.all([open(dee), open(eli)]);
    expect(await unread(dee)).toBe(1);
    expect((await inject(t, dee, "POST", "/api/activity/read-all")).statusCode).toBe(200);
    await deeTab.waitFor((m) => m.type === "activity.read");
    expect(await unread(dee)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(eliTab.messages.some((m) => m.type === "activity.read")).toBe(false);
  });
});
