// The outbox on a real database (docs/outbox.md): an outside message whose mail server is down
// for now is kept and sent later by the worker, with its Message-ID; a permanent refusal is given
// up at once and kept for an operator; ten attempts are the most; two workers draining at once
// deliver each row once; a row due this millisecond is taken at once; a row claimed by a worker
// that died waits out its lease; an event left behind waits out its grace, then goes out; a live
// update (publishAfterCommit) goes out after the commit with no row, not at all on a rollback, and
// after a one-statement change (`statement`) as after a commit; a one-statement change that writes
// its rows in its statement (`runStatement`) delivers them after it, writes none when it fails,
// and runs in a claiming transaction under a request's key.
import { type SQL, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, queryRows } from "../db/client";
import type { DomainEvent } from "../realtime/events";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { makeOutboxDue } from "../test-support/outbox-rows";
import { type SmtpSink, startSmtpSink } from "../test-support/smtp-sink";
import { inject } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { routeOnce } from "./answered-once";
import type { OutboxHandlers, OutboxMessage } from "./messages";
import { Outbox } from "./outbox";
import { claimDue } from "./store";

let sink: SmtpSink;
let t: TestApp;
let bo: TestAccount;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url }, { sink });
  bo = await createAccount(t, { label: "outboxbo" });
  // The tests drain by hand: no timer of the app's may take a row in between.
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

interface Row {
  id: number;
  topic: string;
  attempts: number;
  last_error: string | null;
  failed: boolean;
  due: boolean;
}
const rows = () =>
  queryRows<Row>(
    t.database.db,
    sql`select id::int, topic, attempts, last_error, failed_at is not null as failed,
          available_at <= now() as due
        from outbox order by id`,
  );
const makeDue = () => makeOutboxDue(t.database.db);
const clear = () => t.database.db.execute(sql`delete from outbox`);

/** An Outbox of its own on the test database, recording what its handlers were given. */
function recordingOutbox(delivered: unknown[], overrides: Partial<OutboxHandlers> = {}) {
  const record = async (payload: unknown) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    delivered.push(payload);
  };
  return new Outbox({
    db: t.database.db,
    mailDomain: "chtcht.local",
    log: pino({ level: "silent" }),
    handlers: {
      mail: record,
      event: record,
      "payments.cancel": record,
      "payments.event": record,
      "media.delete": record,
      "export.build": record,
      "links.verify": record,
      federate: record,
      "federation.media": record,
      push: record,
      ...overrides,
    },
  });
}

describe("the outbox", () => {
  // Each test starts from an empty outbox, so one that fails leaves nothing to the next.
  beforeEach(async () => {
    await clear();
  });

  it("keeps an outside message while its mail server is down, then sends it once with its Message-ID", async () => {
    const before = sink.received.length;
    sink.refuse = "for now";
    const res = await inject(t, bo, "POST", "/api/mail/send", {
      to: "later@outside.example",
      body: "Sent when the server is back",
    });
    sink.refuse = false;
    expect(res.statusCode).toBe(201);
    const [stored] = await queryRows<{ message_id: string }>(
      t.database.db,
      sql`select message_id from chat_messages where id = ${res.json().message.id}`,
    );
    expect(sink.received.length).toBe(before);
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ topic: "mail", attempts: 1, failed: false, due: false });
    expect(waiting?.last_error).toMatch(/Try later/);

    await t.app.outbox.drain();
    expect(sink.received.length).toBe(before); // still backing off
    await makeDue();
    await t.app.outbox.drain();
    expect(sink.received.length).toBe(before + 1);
    expect(sink.received.at(-1)?.parsed.messageId).toBe(`<${stored?.message_id}>`);
    expect(await rows()).toEqual([]);
    await makeDue();
    await t.app.outbox.drain();
    expect(sink.received.length).toBe(before + 1);
  });

  it("gives up at once on a permanent refusal and keeps the row with its reason", async () => {
    const before = sink.received.length;
    sink.refuse = true;
    const outcomes = await t.app.outbox.enqueue([
      { topic: "mail", payload: { to: "nobody@outside.example", subject: "Hi", text: "Hi" } },
    ]);
    sink.refuse = false;
    expect([...outcomes.values()]).toEqual([{ failed: expect.stringMatching(/Not today/) }]);
    await makeDue();
    await t.app.outbox.drain();
    expect(sink.received.length).toBe(before);
    expect(await rows()).toEqual([expect.objectContaining({ topic: "mail", failed: true })]);
  });

  it("stops after ten attempts", async () => {
    sink.refuse = "for now";
    await t.app.outbox.enqueue([
      { topic: "mail", payload: { to: "busy@outside.example", subject: "Hi", text: "Hi" } },
    ]);
    for (let attempt = 2; attempt <= 10; attempt++) {
      await makeDue();
      await t.app.outbox.drain();
    }
    sink.refuse = false;
    expect(await rows()).toEqual([
      expect.objectContaining({ attempts: 10, failed: true, last_error: expect.any(String) }),
    ]);
  });

  it("keeps trying a provider's event past ten attempts, as Stripe would have redelivered it", async () => {
    const outbox = recordingOutbox([], {
      "payments.event": async () => {
        throw new Error("Stripe is down");
      },
    });
    await outbox.enqueue([
      { topic: "payments.event", payload: { kind: "payment.failed", subscriptionId: "sub_x" } },
    ]);
    for (let attempt = 2; attempt <= 12; attempt++) {
      await makeDue();
      await outbox.drain();
    }
    expect(await rows()).toEqual([
      expect.objectContaining({ topic: "payments.event", attempts: 12, failed: false }),
    ]);
  });

  it("delivers each row once when two workers drain at the same time", async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const a = recordingOutbox(first);
    const b = recordingOutbox(second);
    const messages: OutboxMessage[] = Array.from({ length: 60 }, (_, i) => ({
      topic: "payments.cancel",
      payload: { subscriptionId: `sub_${i}` },
    }));
    await a.write(t.database.db, messages);
    // Left behind by the request that wrote them, once their lease has passed.
    await makeDue();
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const all = [...first, ...second] as { subscriptionId: string }[];
    expect(all).toHaveLength(60);
    expect(new Set(all.map((p) => p.subscriptionId)).size).toBe(60);
    expect(await rows()).toEqual([]);
  });

  it("takes a row due within the current millisecond at once (available_at keeps milliseconds)", async () => {
    const delivered: unknown[] = [];
    const worker = recordingOutbox(delivered);
    await worker.write(t.database.db, [
      { topic: "payments.cancel", payload: { subscriptionId: "sub_now" } },
    ]);
    // The most a row written at now() is rounded up: to the next millisecond.
    await t.database.db.execute(
      sql`update outbox set available_at = date_trunc('milliseconds', now()) + interval '1 millisecond'`,
    );
    await worker.drain();
    expect(delivered).toEqual([{ subscriptionId: "sub_now" }]);
    expect(await rows()).toEqual([]);
  });

  it("leaves a row its request delivers to that request for its lease, then delivers it once", async () => {
    const delivered: unknown[] = [];
    const worker = recordingOutbox(delivered);
    // Written as a request that delivers it right after its commit writes it, then the request
    // died: the row counts that first attempt and waits out the lease, claimed by no one.
    await worker.write(t.database.db, [
      { topic: "payments.cancel", payload: { subscriptionId: "sub_request" } },
    ]);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 1, due: false })]);
    await worker.drain();
    expect(delivered).toEqual([]);
    await makeDue();
    await worker.drain();
    expect(delivered).toEqual([{ subscriptionId: "sub_request" }]);
    expect(await rows()).toEqual([]);
  });

  it("leaves a row claimed by a worker that died to its lease, then delivers it once", async () => {
    const delivered: unknown[] = [];
    const worker = recordingOutbox(delivered);
    await worker.write(t.database.db, [
      { topic: "payments.cancel", payload: { subscriptionId: "sub_orphan" } },
    ]);
    await makeDue();
    // A worker claims the row and dies before delivering it.
    const [claimed] = await claimDue(t.database.db, { limit: 10, leaseMs: 30_000 });
    expect(claimed?.attempts).toBe(2);
    await worker.drain();
    expect(delivered).toEqual([]);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 2, due: false })]);
    // Its lease runs out.
    await makeDue();
    await worker.drain();
    expect(delivered).toEqual([{ subscriptionId: "sub_orphan" }]);
    expect(await rows()).toEqual([]);
  });

  it("leaves an event to the request that wrote it for its grace, then publishes it", async () => {
    const delivered: unknown[] = [];
    const worker = recordingOutbox(delivered);
    const event = { type: "profile.changed", userId: bo.userId } as const;
    await worker.write(t.database.db, [{ topic: "event", payload: event }]);
    await worker.drain();
    expect(delivered).toEqual([]);
    await makeDue();
    await worker.drain();
    expect(delivered).toEqual([event]);
    expect(await rows()).toEqual([]);
  });

  it("publishes a live update right after the commit without a row, and nothing on a rollback", async () => {
    const delivered: unknown[] = [];
    const outbox = recordingOutbox(delivered);
    const liked: DomainEvent = { type: "relation.changed", userIds: [bo.userId] };
    const seen: unknown[] = [];
    await outbox.transaction(async (_tx, fx) => {
      fx.publishAfterCommit(liked);
      fx.publishAfterCommit(async () => {
        seen.push(await rows());
        return { type: "relation.changed", userIds: [] };
      });
    });
    expect(delivered).toEqual([liked, { type: "relation.changed", userIds: [] }]);
    expect(seen).toEqual([[]]);
    await expect(
      outbox.transaction(async (_tx, fx) => {
        fx.publishAfterCommit(liked);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(delivered).toHaveLength(2);
    // A change of one statement: no transaction, the same live update after it.
    await outbox.statement(async (_db, fx) => fx.publishAfterCommit(liked));
    expect(delivered).toEqual([liked, { type: "relation.changed", userIds: [] }, liked]);
    expect(await rows()).toEqual([]);
  });

  /** A change of one statement that writes its rows in that statement, and answers their ids. */
  const writeRows = (db: Db, rowsSql: SQL | null, fail = false) =>
    queryRows<{ ids: number[] }>(
      db,
      sql`with written as (${rowsSql ?? sql`select null::bigint as id where false`})
          select array(select id::int from written) as ids, 1 / ${fail ? 0 : 1} as checked`,
    ).then(([row]) => ({ result: "changed", ids: row?.ids ?? [] }));

  it("writes a one-statement change's rows in its statement and delivers them after it (runStatement)", async () => {
    const delivered: unknown[] = [];
    const outbox = recordingOutbox(delivered);
    const liked: DomainEvent = { type: "relation.changed", userIds: ["a"] };
    const { result, deliveries } = await outbox.runStatement(
      (fx) => {
        fx.cancelSubscription("sub_statement");
        fx.publishAfterCommit(liked);
      },
      (db, rowsSql) => writeRows(db, rowsSql),
    );
    expect(result).toBe("changed");
    expect([...deliveries.values()]).toEqual(["delivered"]);
    expect(delivered).toEqual([{ subscriptionId: "sub_statement" }, liked]);
    expect(await rows()).toEqual([]);
  });

  it("writes no row and delivers nothing when the one statement fails", async () => {
    const delivered: unknown[] = [];
    const outbox = recordingOutbox(delivered);
    await expect(
      outbox.runStatement(
        (fx) => fx.cancelSubscription("sub_failed"),
        (db, rowsSql) => writeRows(db, rowsSql, true),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    expect(delivered).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("runs the change in a transaction that claims a request's key when one waits, once", async () => {
    const delivered: unknown[] = [];
    const outbox = recordingOutbox(delivered);
    const route = {
      request: { headers: { "idempotency-key": `statement-${Date.now()}` } },
      reply: { header: () => undefined },
    };
    const asked = { userId: bo.userId, useCase: "outbox.statement", input: {} };
    const work = async () =>
      (
        await outbox.runStatement(
          (fx) => fx.cancelSubscription("sub_keyed"),
          async (db, rowsSql) => {
            // The transaction writes the rows itself: the statement is given none.
            expect(rowsSql).toBeNull();
            return writeRows(db, rowsSql);
          },
        )
      ).result;
    const replay = async (receipt: string) => `replayed ${receipt}`;
    expect(await routeOnce(t.database.db, route, asked, work, replay)).toBe("changed");
    expect(await routeOnce(t.database.db, route, asked, work, replay)).toBe("replayed changed");
    expect(delivered).toEqual([{ subscriptionId: "sub_keyed" }]);
    expect(await rows()).toEqual([]);
  });
});
