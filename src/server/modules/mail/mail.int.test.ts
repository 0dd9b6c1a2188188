// Conversations inside the product (spec-1 §3, §5, §7, §8; docs/mail.md): find-or-create under
// races, membership on every read and write and on realtime, compose limits, paging, unread,
// and the batched e-mail notices.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView } from "../../../domain/contracts/mail";
import type { ServerMessage } from "../../../domain/realtime-events";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { pageDataOf } from "../../test-support/page-data";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime, type TestSocket } from "../../test-support/ws-client";

let t: TestApp;
let baseUrl: string;
let ann: TestAccount;
let bo: TestAccount;
let eve: TestAccount;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [ann, bo, eve] = await Promise.all([
    createAccount(t, { fullName: "Ann" }),
    createAccount(t, { fullName: "Bo" }),
    createAccount(t, { fullName: "Eve" }),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const openDirect = async (who: TestAccount, other: TestAccount) => {
  const res = await inject(t, who, "POST", "/api/mail/threads/direct", { userId: other.userId });
  expect(res.statusCode).toBe(200);
  return res.json().thread.id as string;
};
const send = (who: TestAccount, threadId: string, payload: object) =>
  inject(t, who, "POST", `/api/mail/threads/${threadId}/messages`, payload);

describe("direct threads", () => {
  it("finds or creates one thread per pair, even when both write first at the same moment", async () => {
    const [x, y] = await Promise.all([createAccount(t), createAccount(t)]);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject(t, i % 2 ? x : y, "POST", "/api/mail/threads/direct", {
          userId: i % 2 ? y.userId : x.userId,
        }),
      ),
    );
    expect(attempts.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(attempts.map((r) => r.json().thread.id)).size).toBe(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_thread_members where thread_id = ${attempts[0]?.json().thread.id}`,
    );
    expect(row?.n).toBe(2);
    expect(attempts[0]?.json().thread.other).toMatchObject({ kind: "person" });
  });

  it("refuses a thread with oneself and with nobody", async () => {
    const self = await inject(t, ann, "POST", "/api/mail/threads/direct", { userId: ann.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe("You can't send a message to yourself.");
    const nobody = await inject(t, ann, "POST", "/api/mail/threads/direct", { userId: "nobody" });
    expect(nobody.statusCode).toBe(403);
    expect(
      (await inject(t, null, "POST", "/api/mail/threads/direct", { userId: bo.userId })).statusCode,
    ).toBe(401);
  });
});

describe("who can be written to (docs/mail.md)", () => {
  const cannot = { code: "forbidden", message: "You can't message this person." };
  const sendTo = (who: TestAccount, to: string, body: string) =>
    inject(t, who, "POST", "/api/mail/send", { to, body });
  const stored = async (body: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from chat_messages where body = ${body}`,
      )
    )[0]?.n;

  it("answers alike for someone who blocked the writer, a suspended person and an unknown handle, and stores nothing", async () => {
    const [writer, blocker, suspended] = await Promise.all([
      createAccount(t, { fullName: "Wes" }),
      createAccount(t, { fullName: "Bel" }),
      createAccount(t, { fullName: "Sue" }),
    ]);
    const threadId = await openDirect(writer, blocker);
    expect((await send(writer, threadId, { body: "Before the block" })).statusCode).toBe(201);
    await inject(t, blocker, "POST", `/api/safety/blocks/${writer.userId}`);
    await t.database.db.execute(
      sql`update profiles set suspended_at = now() where user_id = ${suspended.userId}`,
    );

    const refusals = [
      await sendTo(writer, `${blocker.handle}@chtcht.local`, "to the blocker"),
      await sendTo(writer, `${suspended.handle.toUpperCase()}@ChtCht.Local`, "to the suspended"),
      await sendTo(writer, "nobody-has-this-handle@CHTCHT.LOCAL", "to nobody"),
      await send(writer, threadId, { body: "in the old thread" }),
      await inject(t, writer, "POST", "/api/mail/threads/direct", { userId: blocker.userId }),
      await inject(t, writer, "POST", "/api/mail/threads/direct", { userId: suspended.userId }),
      await inject(t, writer, "POST", "/api/mail/threads/direct", { userId: "nobody" }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject(cannot);
    }
    for (const body of ["to the blocker", "to the suspended", "to nobody", "in the old thread"]) {
      expect(await stored(body)).toBe(0);
    }
  });

  it("the blocker is told to unblock first", async () => {
    const [writer, blocked] = await Promise.all([createAccount(t), createAccount(t)]);
    await inject(t, writer, "POST", `/api/safety/blocks/${blocked.userId}`);
    const res = await sendTo(writer, `${blocked.handle}@chtcht.local`, "to the blocked");
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("You blocked this person. Unblock them first.");
  });

  it("an address on our domain in capitals is a member, reached inside the product", async () => {
    const res = await sendTo(ann, `${bo.handle.toUpperCase()}@CHTCHT.LOCAL`, "Shouted hello");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().thread.other).toMatchObject({
      kind: "person",
      person: { userId: bo.userId },
    });
    expect(res.json().message.direction).toBe("internal");
  });
});

describe("messages", () => {
  it("applies the compose rules: body required and at most 250, subject optional, 'empty' is none", async () => {
    const threadId = await openDirect(ann, bo);
    const blank = await send(ann, threadId, { body: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("Missing required data");
    expect((await send(ann, threadId, { body: "x".repeat(251) })).statusCode).toBe(400);
    expect((await send(ann, threadId, { subject: "s".repeat(121), body: "hi" })).statusCode).toBe(
      400,
    );
    const empty = await send(ann, threadId, { subject: " empty ", body: "  hello  " });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().message).toMatchObject({
      subject: null,
      body: "hello",
      direction: "internal",
    });
    const titled = await send(ann, threadId, { subject: " Lunch ", body: "x".repeat(250) });
    expect(titled.json().message.subject).toBe("Lunch");
  });

  it("keeps every thread to its members: others get 404 and change nothing", async () => {
    const [x, y] = await Promise.all([createAccount(t), createAccount(t)]);
    const threadId = await openDirect(x, y);
    await send(x, threadId, { body: "private" });
    const urls: ["GET" | "POST", string, object?][] = [
      ["GET", `/api/mail/threads/${threadId}`],
      ["GET", `/api/mail/threads/${threadId}/messages`],
      ["POST", `/api/mail/threads/${threadId}/messages`, { body: "let me in" }],
      ["POST", `/api/mail/threads/${threadId}/read`],
    ];
    for (const [method, url, payload] of urls) {
      const res = await inject(t, eve, method, url, payload);
      expect(res.statusCode).toBe(404);
    }
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where thread_id = ${threadId}`,
    );
    expect(row?.n).toBe(1);
    const eveThreads = (await inject(t, eve, "GET", "/api/mail/threads")).json().items;
    expect(eveThreads.map((th: { id: string }) => th.id)).not.toContain(threadId);
  });

  it("pages newest first by cursor with no gap or repeat while messages arrive", async () => {
    const [x, y] = await Promise.all([createAccount(t), createAccount(t)]);
    const threadId = await openDirect(x, y);
    for (let i = 1; i <= 5; i++) await send(i % 2 ? x : y, threadId, { body: `m${i}` });
    const url = `/api/mail/threads/${threadId}/messages?limit=2`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await inject(t, x, "GET", cursor ? `${url}&cursor=${cursor}` : url);
      const body: { items: MessageView[]; nextCursor: string | null } = res.json();
      seen.push(...body.items.map((m) => m.body));
      cursor = body.nextCursor;
      if (++pages === 1) await send(y, threadId, { body: "m6" });
    } while (cursor);
    expect(seen).toEqual(["m5", "m4", "m3", "m2", "m1"]);
    const first = (await inject(t, x, "GET", url)).json().items[0];
    expect(first.body).toBe("m6");
  });

  it("lists threads newest first with the other party and the latest message; unread until read", async () => {
    const [me, p1, p2] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
    const t1 = await openDirect(p1, me);
    const t2 = await openDirect(p2, me);
    await send(p1, t1, { body: "first" });
    await send(p2, t2, { subject: "Hi", body: "second" });
    await send(me, t1, { body: "my reply" });
    const list = (await inject(t, me, "GET", "/api/mail/threads")).json().items;
    expect(list.map((th: { id: string }) => th.id)).toEqual([t1, t2]);
    expect(list[0]).toMatchObject({
      unread: false,
      other: { kind: "person", person: { userId: p1.userId } },
      latestMessage: { body: "my reply" },
    });
    expect(list[1]).toMatchObject({
      unread: true,
      latestMessage: { subject: "Hi", body: "second" },
    });
    expect((await inject(t, me, "GET", "/api/mail/unread-count")).json()).toEqual({ count: 1 });
    // The mail page comes with the same first page (architecture.md "Web app pages").
    const page = await inject(t, me, "GET", "/mail");
    expect(pageDataOf(page.body)).toEqual({
      kind: "mail",
      threads: (await inject(t, me, "GET", "/api/mail/threads")).json(),
    });
    expect((await inject(t, me, "POST", `/api/mail/threads/${t2}/read`)).statusCode).toBe(200);
    expect((await inject(t, me, "GET", "/api/mail/unread-count")).json()).toEqual({ count: 0 });
    const [, p1View] = [null, (await inject(t, p1, "GET", "/api/mail/threads")).json().items[0]];
    expect(p1View).toMatchObject({ id: t1, unread: true });
  });
});

describe("live delivery", () => {
  it("reaches every open tab of the thread's members, and never anyone else", async () => {
    const threadId = await openDirect(ann, bo);
    const open = async (who: TestAccount) => {
      const socket = await connectRealtime(baseUrl, who.cookie);
      sockets.push(socket);
      return socket;
    };
    const [boTab1, boTab2, annTab, eveTab] = await Promise.all([
      open(bo),
      open(bo),
      open(ann),
      open(eve),
    ]);
    await send(ann, threadId, { body: "live one" });
    const isIt = (m: ServerMessage) => m.type === "mail.message" && m.message.body === "live one";
    await Promise.all([boTab1.waitFor(isIt), boTab2.waitFor(isIt), annTab.waitFor(isIt)]);
    await inject(t, bo, "POST", `/api/mail/threads/${threadId}/read`);
    await boTab2.waitFor((m) => m.type === "mail.read");
    expect(eveTab.messages.some((m) => m.type.startsWith("mail."))).toBe(false);
  });
});

describe("e-mail notices", () => {
  const noticesTo = (email: string) =>
    t.mailbox.all().filter((m) => m.to.includes(email) && m.subject.startsWith("New message from"));
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it("tells the recipient once per thread per 15 minutes, again after they read it", async () => {
    const [from, to] = await Promise.all([
      createAccount(t, { fullName: "Writer" }),
      createAccount(t, { fullName: "Reader" }),
    ]);
    const threadId = await openDirect(from, to);
    await send(from, threadId, { subject: "Plans", body: "one" });
    await until(() => noticesTo(to.email).length === 1);
    expect(noticesTo(to.email)).toHaveLength(1);
    expect(noticesTo(to.email)[0]?.subject).toBe("New message from Writer: Plans");
    // Quoted-printable folds long lines and writes '=' as '=3D'.
    const raw = (noticesTo(to.email)[0]?.raw ?? "")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    expect(raw).toContain(`/mail?thread=${threadId}`);
    await send(from, threadId, { body: "two" });
    await send(from, threadId, { body: "three" });
    await inject(t, to, "POST", `/api/mail/threads/${threadId}/read`);
    await send(from, threadId, { body: "four" });
    await until(() => noticesTo(to.email).length === 2);
    expect(noticesTo(to.email)).toHaveLength(2);
    expect(noticesTo(from.email)).toHaveLength(0);
  });

  it("sends none to someone who turned notices off", async () => {
    const [from, to] = await Promise.all([createAccount(t), createAccount(t)]);
    const off = await inject(t, to, "PATCH", "/api/account/notifications", {
      matrix: { message: { email: false } },
    });
    expect(off.json().matrix.message.email).toBe(false);
    const threadId = await openDirect(from, to);
    await send(from, threadId, { body: "quiet" });
    await new Promise((r) => setTimeout(r, 200));
    expect(noticesTo(to.email)).toHaveLength(0);
  });
});
