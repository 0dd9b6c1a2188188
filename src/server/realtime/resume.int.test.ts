// Resuming /realtime (docs/social-and-realtime.md "Realtime"): a client that reconnects with its
// epoch and last sequence gets what it missed, exactly once and in order, filtered by the same
// rules as live delivery; a gap it cannot be given is answered with `refetch`. Run on the
// in-process bus and on the Redis stream (a stream of the test's own).
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SequencedMessage } from "../../domain/realtime-events";
import { connectRedis } from "../infra/redis";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { redisReachable, testRedisUrl } from "../test-support/local-services";
import { follow, inject, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { connectRealtime, type TestSocket } from "../test-support/ws-client";
import { createRedisBus, type EventBus } from "./bus";
import { compareSequences } from "./sequence";

interface Setup {
  t: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

/** The socket's messages that came of events (`ready` carries a position, not an event's seq). */
const eventsOf = (socket: TestSocket) =>
  socket.received.filter(
    (m): m is SequencedMessage & { seq: string } => m.type !== "ready" && m.seq !== undefined,
  );

function describeOf(m: SequencedMessage): string {
  switch (m.type) {
    case "mail.message":
      return `mail:${m.message.body}`;
    case "post.created":
      return `post:${m.post.content}`;
    case "follow.changed":
      return `follow:${m.followerId}->${m.followingId}`;
    default:
      return m.type;
  }
}

/** The socket's mail, posts and follows, in the order received. */
const storyOf = (socket: TestSocket) =>
  eventsOf(socket)
    .map(describeOf)
    .filter((d) => /^(mail|post|follow):/.test(d));

function suite(name: string, start: () => Promise<Setup>) {
  describe(name, () => {
    let s: Setup;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      s = await start();
    }, 60_000);
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await s?.close();
    });

    async function open(who: TestAccount, query?: Record<string, string>) {
      const socket = await connectRealtime(s.baseUrl, who.cookie, query ? { query } : {});
      sockets.push(socket);
      return socket;
    }

    /** One account per label, in order. */
    const accounts = <L extends string[]>(...labels: L) =>
      Promise.all(labels.map((label) => createAccount(s.t, { label }))) as Promise<{
        [K in keyof L]: TestAccount;
      }>;

    async function threadBetween(a: TestAccount, b: TestAccount) {
      await follow(s.t, a, b);
      await follow(s.t, b, a);
      const opened = await inject(s.t, a, "POST", "/api/mail/threads/direct", {
        userId: b.userId,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      return opened.json().thread.id as string;
    }

    async function send(who: TestAccount, threadId: string, body: string) {
      const res = await inject(s.t, who, "POST", `/api/mail/threads/${threadId}/messages`, {
        body,
        subject: "Resume",
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    /** Connects, sees `marker` arrive (a post of someone `who` follows), and leaves: the epoch
     * and the last sequence the client got. */
    async function connectedThenGone(who: TestAccount, followed: TestAccount, marker: string) {
      const socket = await open(who);
      const ready = await socket.waitFor((m) => m.type === "ready");
      if (ready.type !== "ready") throw new Error("no ready");
      await publish(s.t, followed, marker);
      await socket.waitFor((m) => m.type === "post.created" && m.post.content === marker);
      const last = eventsOf(socket).at(-1)?.seq as string;
      socket.close();
      await socket.closed;
      return { epoch: ready.epoch, after: last };
    }

    it("gives a reconnecting client every event it missed, once, in order, then live ones", async () => {
      const [person, friend, sender, newcomer] = await accounts(
        "person",
        "friend",
        "sender",
        "newcomer",
      );
      await follow(s.t, person, friend);
      const threadId = await threadBetween(sender, person);
      const position = await connectedThenGone(person, friend, "seen live");

      await send(sender, threadId, "missed 1");
      await publish(s.t, friend, "missed post");
      await follow(s.t, newcomer, person);
      await send(sender, threadId, "missed 2");

      const socket = await open(person, position);
      await socket.waitFor((m) => m.type === "mail.message" && m.message.body === "missed 2");
      await send(sender, threadId, "live after");
      await socket.waitFor((m) => m.type === "mail.message" && m.message.body === "live after");

      expect(storyOf(socket)).toEqual([
        "mail:missed 1",
        "post:missed post",
        `follow:${newcomer.userId}->${person.userId}`,
        "mail:missed 2",
        "mail:live after",
      ]);
      // Nothing from before the gap again; one event's messages share a sequence, and the
      // sequences only grow.
      const seqs = eventsOf(socket).map((m) => `${m.seq} ${m.type}`);
      const seqOf = (line: string) => line.split(" ")[0] as string;
      expect(seqs).toEqual([...seqs].sort((a, b) => compareSequences(seqOf(a), seqOf(b))));
      expect(compareSequences(seqOf(seqs[0] as string), position.after)).toBeGreaterThan(0);
      expect(storyOf(socket)).not.toContain("post:seen live");
      expect(socket.messages[0]?.type).toBe("ready");
    });

    it("tells a client from another epoch, or with a sequence it never sent, to refetch", async () => {
      const person = await createAccount(s.t);
      const first = await open(person);
      const ready = await first.waitFor((m) => m.type === "ready");
      if (ready.type !== "ready") throw new Error("no ready");
      for (const query of [
        { epoch: randomUUID(), after: ready.seq },
        { epoch: ready.epoch, after: "not a sequence" },
        { epoch: ready.epoch, after: "9999999999999999-0" },
      ]) {
        const socket = await open(person, query);
        expect(await socket.waitFor((m) => m.type === "refetch")).toEqual({
          type: "refetch",
          reason: "unknown",
        });
      }
    });

    it("replays nothing the person may not see: others' threads, strangers, private accounts, a blocker, someone muted", async () => {
      const [person, friend, stranger, other, privateOne, blocker, muted] = await accounts(
        "person",
        "friend",
        "stranger",
        "other",
        "private",
        "blocker",
        "muted",
      );
      await follow(s.t, person, friend);
      await follow(s.t, person, blocker);
      await follow(s.t, person, muted);
      const muting = await inject(s.t, person, "POST", `/api/safety/mutes/${muted.userId}`);
      expect(muting.statusCode, muting.body).toBe(200);
      const private_ = await inject(s.t, privateOne, "PUT", "/api/account/privacy", {
        privateAccount: true,
      });
      expect(private_.statusCode, private_.body).toBe(200);
      const othersThread = await threadBetween(stranger, other);
      const position = await connectedThenGone(person, friend, "before the gap");

      await send(stranger, othersThread, "not for the person");
      await publish(s.t, stranger, "a stranger's post");
      await publish(s.t, privateOne, "for followers only");
      await publish(s.t, blocker, "written before the block");
      await publish(s.t, muted, "from someone muted");
      const blocked = await inject(s.t, blocker, "POST", `/api/safety/blocks/${person.userId}`);
      expect(blocked.statusCode, blocked.body).toBe(200);
      await publish(s.t, friend, "the friend's post");

      const socket = await open(person, position);
      await socket.waitFor(
        (m) => m.type === "post.created" && m.post.content === "the friend's post",
      );
      expect(storyOf(socket).filter((d) => !d.startsWith("follow:"))).toEqual([
        "post:the friend's post",
      ]);
    });

    it("replays a like count to a profile's watcher only when they may see its posts", async () => {
      const [person, friend, open_, privateOne, liker] = await accounts(
        "person",
        "friend",
        "open",
        "private",
        "liker",
      );
      await follow(s.t, person, friend);
      const private_ = await inject(s.t, privateOne, "PUT", "/api/account/privacy", {
        privateAccount: true,
      });
      expect(private_.statusCode, private_.body).toBe(200);
      const openPost = await publish(s.t, open_, "anyone may read this");
      const privatePost = await publish(s.t, privateOne, "for followers only");
      const position = await connectedThenGone(person, friend, "before the likes");

      for (const [who, post] of [
        [liker, openPost],
        [privateOne, privatePost],
      ] as const) {
        const liked = await inject(s.t, who, "POST", `/api/posts/${post.id}/like`);
        expect(liked.statusCode, liked.body).toBe(200);
      }
      await publish(s.t, friend, "after the likes");

      const socket = await open(person, {
        ...position,
        watch: `${open_.userId},${privateOne.userId}`,
      });
      await socket.waitFor(
        (m) => m.type === "post.created" && m.post.content === "after the likes",
      );
      const likes = socket.messages.flatMap((m) => (m.type === "post.likes" ? [m.postId] : []));
      expect(likes).toEqual([openPost.id]);
    });
  });
}

suite("resuming on the in-process bus", async () => {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    t,
    baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    close: () => t.close(),
  };
});

const redisSkip = !(await redisReachable());
if (redisSkip)
  console.warn(`Redis resume tests skipped: Redis is not reachable at ${testRedisUrl}`);

/** A stream of the test's own, with a window of `windowMs` (and then no clock slack). */
async function redisSetup(windowMs?: number) {
  // The client as the server makes it (infra/redis.ts), with its command timeout.
  const redis = (await connectRedis(testRedisUrl)) as Redis;
  const stream = `test:events:${randomUUID()}`;
  const errors: unknown[] = [];
  const bus: EventBus = await createRedisBus(redis, (error) => errors.push(error), {
    stream,
    ...(windowMs ? { windowMs, slackMs: 0 } : {}),
  });
  const t = await createTestApp({}, { bus });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    t,
    baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    errors,
    redis,
    stream,
    async close() {
      await t.close();
      await bus.close();
      await redis.del(stream, `${stream}:epoch`, `${stream}:trimmed`);
      redis.disconnect();
    },
  };
}

describe.skipIf(redisSkip)("on the Redis stream", () => {
  suite("resuming on the Redis stream", () => redisSetup());

  it("waits on a quiet stream past the client's command timeout without an error", async () => {
    const s = await redisSetup();
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_600));
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  describe("a gap whose events were trimmed", () => {
    let s: Setup;
    beforeAll(async () => {
      s = await redisSetup(1_000);
    }, 60_000);
    afterAll(() => s?.close());

    it("is told to refetch", async () => {
      const [person, friend] = await Promise.all([createAccount(s.t), createAccount(s.t)]);
      await follow(s.t, person, friend);
      const first = await connectRealtime(s.baseUrl, person.cookie);
      const ready = await first.waitFor((m) => m.type === "ready");
      if (ready.type !== "ready") throw new Error("no ready");
      await publish(s.t, friend, "seen");
      await first.waitFor((m) => m.type === "post.created");
      const seen = eventsOf(first).at(-1) as SequencedMessage;
      first.close();
      await publish(s.t, friend, "missed long ago");
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      // The next event trims those older than the window.
      await publish(s.t, friend, "missed now");
      const socket = await connectRealtime(s.baseUrl, person.cookie, {
        query: { epoch: ready.epoch, after: seen.seq as string },
      });
      try {
        expect(await socket.waitFor((m) => m.type === "refetch")).toEqual({
          type: "refetch",
          reason: "too-old",
        });
        expect(storyOf(socket)).toEqual([]);
      } finally {
        socket.close();
      }
    });

    it("is not a quiet client's: the event that trimmed the last one it had is sent", async () => {
      const [person, friend] = await Promise.all([createAccount(s.t), createAccount(s.t)]);
      await follow(s.t, person, friend);
      const first = await connectRealtime(s.baseUrl, person.cookie);
      const ready = await first.waitFor((m) => m.type === "ready");
      if (ready.type !== "ready") throw new Error("no ready");
      await publish(s.t, friend, "heard");
      await first.waitFor((m) => m.type === "post.created");
      const heard = eventsOf(first).at(-1) as SequencedMessage;
      first.close();
      // Quiet for longer than the window; the next event trims every one before it.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await publish(s.t, friend, "after the quiet");
      const socket = await connectRealtime(s.baseUrl, person.cookie, {
        query: { epoch: ready.epoch, after: heard.seq as string },
      });
      try {
        await socket.waitFor((m) => m.type === "post.created");
        expect(storyOf(socket)).toEqual(["post:after the quiet"]);
        expect(socket.messages.some((m) => m.type === "refetch")).toBe(false);
      } finally {
        socket.close();
      }
    });
  });
});
