// Live updates survive the loss of an instance (docs/social-and-realtime.md "Realtime"): two app
// processes share PostgreSQL and Redis; a person's socket is on B; during a burst of events for
// them made through A (messages in their thread, posts of someone they follow, new followers), B
// is killed with SIGKILL. The client reconnects to A with its last sequence, as the browser does,
// and must have had every event exactly once, in order.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SequencedMessage } from "../../domain/realtime-events";
import {
  type ChildAccount,
  type ChildServer,
  requester,
  signUp,
  startServer,
  stopServer,
} from "../test-support/child-server";
import { testRedisDatabase, whyNoRedisAndPostgres } from "../test-support/local-services";
import { createPostgresDatabase } from "../test-support/test-db";
import { connectRealtime, type TestSocket } from "../test-support/ws-client";
import { compareSequences } from "./sequence";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const skipReason = await whyNoRedisAndPostgres(pgUrl);
if (skipReason) console.warn(`resume-on-kill test skipped: ${skipReason}`);

const BURST = 30;
const KILL_AT = 10;

function storyLine(m: SequencedMessage): string | null {
  if (m.type === "mail.message") return `mail:${m.message.body}`;
  if (m.type === "post.created") return `post:${m.post.content}`;
  if (m.type === "follow.changed") return `follow:${m.followerId}`;
  return null;
}

describe.skipIf(skipReason !== null)("resuming after the instance a socket is on is killed", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl);
    // A Redis database of its own: no other test's events in its stream.
    const env = { DATABASE_URL: database.url, REDIS_URL: testRedisDatabase(1) };
    // One after the other: the first applies the migrations.
    a = await startServer({ env });
    b = await startServer({ env });
  }, 180_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      await stopServer(instance);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  }, 60_000);

  it("the client that reconnects to the other instance has had every event once, in order", async () => {
    const [person, sender, friend] = (await Promise.all(
      ["person", "sender", "friend"].map((label) => signUp(a, label)),
    )) as [ChildAccount, ChildAccount, ChildAccount];
    const newcomers = await Promise.all(
      Array.from({ length: BURST / 3 }, () => signUp(a, "newcomer")),
    );
    const as = (who: ChildAccount) => requester(a, { cookie: who.cookie, ip: "10.88.0.1" });
    const followOn = async (who: ChildAccount, target: ChildAccount) => {
      const res = await as(who)("POST", "/api/follows/toggle", { targetUserId: target.id });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await followOn(person, friend);
    await followOn(person, sender);
    await followOn(sender, person);
    const opened = await as(sender)("POST", "/api/mail/threads/direct", { userId: person.id });
    const threadId = ((await opened.json()) as { thread: { id: string } }).thread.id;

    const onB = await connectRealtime(b.url, person.cookie);
    const ready = await onB.waitFor((m) => m.type === "ready");
    if (ready.type !== "ready") throw new Error("no ready");

    // The browser's part: on a drop, reconnect to the other instance with the last sequence.
    const lastSeq = (socket: TestSocket) =>
      socket.received.filter((m) => m.type !== "ready" && m.seq !== undefined).at(-1)?.seq ??
      ready.seq;
    // It waits out its backoff, during which some of the burst goes out with no socket to take
    // it: those events can only come back through the resume.
    let backoffOver: () => void = () => {};
    const backoff = new Promise<void>((resolve) => {
      backoffOver = resolve;
    });
    const onA: Promise<TestSocket> = Promise.all([onB.closed, backoff]).then(() =>
      connectRealtime(a.url, person.cookie, {
        query: { epoch: ready.epoch, after: lastSeq(onB) },
      }),
    );

    const expected: string[] = [];
    for (let i = 0; i < BURST; i++) {
      if (i === KILL_AT) b.process.kill("SIGKILL");
      let res: Response;
      if (i % 3 === 0) {
        res = await as(sender)("POST", `/api/mail/threads/${threadId}/messages`, {
          subject: "Burst",
          body: `message ${i}`,
        });
        expected.push(`mail:message ${i}`);
      } else if (i % 3 === 1) {
        res = await as(friend)("POST", "/api/posts", { content: `post ${i}` });
        expected.push(`post:post ${i}`);
      } else {
        const newcomer = newcomers[(i - 2) / 3] as ChildAccount;
        res = await as(newcomer)("POST", "/api/follows/toggle", { targetUserId: person.id });
        expected.push(`follow:${newcomer.id}`);
      }
      expect(res.ok, await res.clone().text()).toBe(true);
      if (i === KILL_AT + 3) backoffOver();
    }

    expect(await onB.closed).toBe(1006);
    const resumed = await onA;
    const asked = { after: lastSeq(onB), ready: ready.seq };
    try {
      await resumed.waitFor((m) => storyLine(m) === expected.at(-1), 10_000);
      const received = [...onB.received, ...resumed.received].filter(
        (m) => m.type !== "ready" && m.seq !== undefined,
      );
      const story = received.map(storyLine).filter((line) => line !== null);
      const refetches = resumed.messages.filter((m) => m.type === "refetch");
      expect(
        story,
        `asked ${JSON.stringify(asked)}, told ${JSON.stringify(refetches)}\n${a.output()}`,
      ).toEqual(expected);
      // Both sockets together: sequences never go back (one event's messages share one).
      for (let i = 1; i < received.length; i++) {
        const [before, after] = [received[i - 1]?.seq, received[i]?.seq] as [string, string];
        expect(compareSequences(after, before)).toBeGreaterThanOrEqual(0);
      }
      expect(resumed.messages.some((m) => m.type === "refetch")).toBe(false);
      // Some came as the backlog: sequences up to the new socket's `ready`.
      const at = resumed.received.find((m) => m.type === "ready")?.seq as string;
      const replayed = resumed.received.filter(
        (m) => m.type !== "ready" && m.seq !== undefined && compareSequences(m.seq, at) <= 0,
      );
      expect(replayed.length).toBeGreaterThan(0);
    } finally {
      resumed.close();
    }
  }, 120_000);
});
