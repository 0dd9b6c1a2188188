// The transactional outbox (docs/outbox.md). A use-case writes its side effects with the change,
// in one transaction (`transaction`, or `enqueue` where the change is not ours to wrap); right
// after the commit this instance delivers them (events first, so its caches are current before
// the request answers) and deletes the rows. What is left behind — the process died, SMTP was
// down, Redis refused (an event published without a row is then written as one) — is claimed by
// the worker that runs in every instance, retried with backoff,
// and kept with its last error once it is given up on. Delivery is at least once: mail keeps the
// Message-ID and Date it was written with, so a repeat is the same message, not a second one.
import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import type { OutgoingMail } from "../infra/mailer";
import type { DomainEvent } from "../realtime/events";
import { claimOnce, keepReceipt, onceWaiting, takeOnce } from "./answered-once";
import {
  BACKGROUND_TOPICS,
  type FederateMessage,
  type OutboxHandlers,
  type OutboxMessage,
  type OutboxTopic,
  type PaymentEvent,
  type PushNotice,
  type RemoteMediaTarget,
} from "./messages";
import {
  claimDue,
  insertMessages,
  insertMessagesSql,
  type OutboxRow,
  removeMessages,
  settleFailure,
} from "./store";

/** An event published after the commit without a row: the event itself, or, when it shows what
 * only the commit makes readable (a new post as the cached hydration presents it), a function
 * that reads and returns it once the change has committed. */
export type LiveEvent = DomainEvent | (() => Promise<DomainEvent>);

/** Side effects of one transaction, written to the outbox when it commits. */
export interface Effects {
  /** Send `mail`; not before `holdUntil` when given (the recipient's quiet hours). */
  mail(mail: OutgoingMail, holdUntil?: Date | null): void;
  publish(event: DomainEvent): void;
  /**
   * Publishes `event` on the bus right after the commit, awaited, without an outbox row: for the
   * live updates of hot paths (likes, follows, posts, comments, profile edits), where a row per
   * event would cost a write and losing one to a crash costs a live update, not data
   * (docs/outbox.md "Writing"). When the bus fails (Redis is away), the event is written to the
   * outbox instead, for the worker to send once Redis answers, and the request answers as usual.
   */
  publishAfterCommit(event: LiveEvent): void;
  cancelSubscription(subscriptionId: string): void;
  /** Apply what the payment provider said to the purchase it concerns. */
  paymentEvent(event: PaymentEvent): void;
  /** Remove these images (and their thumbnails) or face captures from their stores. */
  removeMedia(urls: string[]): void;
  /** Build a data export in the background (docs/accounts.md "Your data"). */
  buildExport(exportId: string): void;
  /** Check a profile's website for its rel="me" link back (docs/profiles-and-media.md). */
  verifyWebsite(userId: string, websiteUrl: string): void;
  /** Tell other servers of a change here (docs/federation.md "What goes out"). */
  federate(message: FederateMessage): void;
  /** Fetch images of a post or person elsewhere into our media store (docs/federation.md
   * "Images from elsewhere"). */
  fetchRemoteMedia(target: RemoteMediaTarget): void;
  /** Push `notice` to one subscribed browser (docs/notifications.md "Push"); not before
   * `holdUntil` when given (the recipient's quiet hours). */
  push(subscriptionId: string, notice: PushNotice, holdUntil?: Date | null): void;
}

/** What a one-statement change may add: live updates (`Outbox.statement`). */
export type LiveEffects = Pick<Effects, "publishAfterCommit">;

export type Delivery = "delivered" | "retrying" | { failed: string };

interface OutboxOptions {
  db: Db;
  handlers: OutboxHandlers;
  mailDomain: string;
  log: FastifyBaseLogger;
  /** How often the worker looks for rows left behind (ms). */
  pollMs?: number;
}

/** An event is delivered by the committing request; the worker steps in only after this. */
const EVENT_GRACE_MS = 15_000;
const LEASE_MS = 30_000;
/** Rows claimed at once; delivered side by side, so a batch ends within one attempt's bound. */
const BATCH = 10;
/** Claims the worker has in flight at once: while one waits on the database or its slowest
 * delivery, the others go on (docs/outbox.md "Delivering"). */
const CLAIMS_AT_ONCE = 6;
const MAX_ATTEMPTS = 10;
/** A provider's event was acknowledged to Stripe when it was written, so Stripe will not send it
 * again: it is tried for about as long as Stripe would have redelivered it (three days), not the
 * 43 minutes of ten attempts. */
const PATIENT_ATTEMPTS: Partial<Record<OutboxTopic, number>> = { "payments.event": 80 };
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 3_600_000;

/** How many failed attempts a row of `topic` gets before it is given up. */
export const maxAttempts = (topic: OutboxTopic) => PATIENT_ATTEMPTS[topic] ?? MAX_ATTEMPTS;

export const retryDelayMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** A refusal that a retry cannot change: an SMTP 5xx, or an error marked permanent. */
function isPermanent(error: unknown): boolean {
  const e = error as { responseCode?: number; permanent?: boolean } | null;
  return e?.permanent === true || (typeof e?.responseCode === "number" && e.responseCode >= 500);
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private drainAgain = false;

  constructor(private readonly options: OutboxOptions) {}

  /** Runs `work` in a transaction; what it adds to `fx` commits with it, then goes out. Under
   * `routeOnce`, the first such transaction also claims the request's key and keeps its result
   * (answered-once.ts). */
  async transaction<T>(work: (tx: Db, fx: Effects) => Promise<T>): Promise<T> {
    return (await this.run(work)).result;
  }

  /** `transaction`, telling how each effect's first delivery went (by outbox id). */
  async run<T>(
    work: (tx: Db, fx: Effects) => Promise<T>,
  ): Promise<{ result: T; deliveries: Map<number, Delivery> }> {
    const once = takeOnce();
    const { result, written, live } = await this.options.db.transaction(async (tx) => {
      if (once) await claimOnce(tx, once);
      const queued: Queued[] = [];
      const live: LiveEvent[] = [];
      const result = await work(tx, this.collector(queued, live));
      if (once) await keepReceipt(tx, once, result);
      return { result, written: await this.write(tx, queued), live };
    });
    const deliveries = await this.afterCommit(written);
    await this.publishLive(live);
    return { result, deliveries };
  }

  /**
   * A change of one statement needs no transaction around it: `work` runs on the database itself
   * and its live updates go out right after, as after a commit, so the seam adds no BEGIN and
   * COMMIT to it. Live updates only: a row written apart from the change would not commit with it.
   */
  async statement<T>(work: (db: Db, fx: LiveEffects) => Promise<T>): Promise<T> {
    const live: LiveEvent[] = [];
    const result = await work(this.options.db, { publishAfterCommit: (event) => live.push(event) });
    await this.publishLive(live);
    return result;
  }

  /**
   * A change of one statement that writes its own outbox rows: `effects` queues them, and
   * `change` runs one statement that has `rows` (their insert, returning `id`, as the body of a
   * CTE) in it and answers the ids it returned, in order (none when `rows` is null: nothing
   * queued). The statement commits the change and its rows together without a BEGIN and COMMIT;
   * they go out as after a commit. Under a request's key not yet claimed (answered-once.ts),
   * `rows` is null and the change runs in `run`'s transaction, which writes them.
   */
  async runStatement<T>(
    effects: (fx: Effects) => void,
    change: (db: Db, rows: SQL | null) => Promise<{ result: T; ids: number[] }>,
  ): Promise<{ result: T; deliveries: Map<number, Delivery> }> {
    if (onceWaiting()) {
      return this.run(async (tx, fx) => {
        effects(fx);
        return (await change(tx, null)).result;
      });
    }
    const queued: Queued[] = [];
    const live: LiveEvent[] = [];
    effects(this.collector(queued, live));
    const delayed = this.rowsOf(queued);
    const { db } = this.options;
    const rows = delayed.length > 0 ? insertMessagesSql(db, delayed) : null;
    const { result, ids } = await change(db, rows);
    if (ids.length !== delayed.length) throw new Error("outbox rows not written with the change");
    const written = delayed.map(({ message, leased }, i) => ({
      id: ids[i] as number,
      message,
      leased,
    }));
    const deliveries = await this.afterCommit(written);
    await this.publishLive(live);
    return { result, deliveries };
  }

  /** Publishes `event` now, as `publishAfterCommit` does after a commit, for a change that has
   * already committed (docs/outbox.md "Who writes what"). */
  async publishNow(event: LiveEvent): Promise<void> {
    await this.publishLive([event]);
  }

  private async publishLive(live: LiveEvent[]): Promise<void> {
    for (const entry of live) {
      const event = typeof entry === "function" ? await entry() : entry;
      try {
        await this.options.handlers.event(event);
      } catch (error) {
        // The change has committed: its event is kept, never the request failed for it.
        const [id] = await insertMessages(this.options.db, [
          { message: { topic: "event", payload: event }, delayMs: 0 },
        ]);
        this.options.log.warn({ err: error, outboxId: id }, "event left to the outbox worker");
      }
    }
  }

  /**
   * Writes messages on their own (for a change made by a library in its own transaction, such as
   * a code better-auth has just stored) and delivers them.
   */
  async enqueue(messages: OutboxMessage[]): Promise<Map<number, Delivery>> {
    return this.afterCommit(await this.write(this.options.db, messages));
  }

  /** Collects effects into `queued` (rows) and `live` (events without a row); mail gets its
   * Message-ID and Date now. */
  private collector(queued: Queued[], live: LiveEvent[]): Effects {
    return {
      mail: (mail, holdUntil) =>
        queued.push({ topic: "mail", payload: this.stamp(mail), notBefore: holdUntil ?? null }),
      publish: (event) => queued.push({ topic: "event", payload: event }),
      publishAfterCommit: (event) => live.push(event),
      cancelSubscription: (subscriptionId) =>
        queued.push({ topic: "payments.cancel", payload: { subscriptionId } }),
      paymentEvent: (event) => queued.push({ topic: "payments.event", payload: event }),
      removeMedia: (urls) => queued.push({ topic: "media.delete", payload: { urls } }),
      buildExport: (exportId) => queued.push({ topic: "export.build", payload: { exportId } }),
      verifyWebsite: (userId, websiteUrl) =>
        queued.push({ topic: "links.verify", payload: { userId, websiteUrl } }),
      federate: (message) => queued.push({ topic: "federate", payload: message }),
      fetchRemoteMedia: (target) => queued.push({ topic: "federation.media", payload: target }),
      push: (subscriptionId, notice, holdUntil) =>
        queued.push({
          topic: "push",
          payload: { subscriptionId, notice },
          notBefore: holdUntil ?? null,
        }),
    };
  }

  /** Writes `queued` in `db` (a transaction); what to deliver once it commits. A row this
   * request delivers itself right after the commit (not an event, not a background topic, not
   * held) is written leased to it, as a claim would lease it, so it needs no claim of its own
   * (docs/outbox.md "Delivering"). */
  async write(db: Db, queued: Queued[]): Promise<Written> {
    const delayed = this.rowsOf(queued);
    const ids = await insertMessages(db, delayed);
    return delayed.map(({ message, leased }, i) => ({ id: ids[i] as number, message, leased }));
  }

  /** The rows `queued` is written as: each one's delay, and whether it is leased. */
  private rowsOf(queued: Queued[]) {
    const now = Date.now();
    return queued.map(({ notBefore, ...message }) => {
      const held = notBefore ? Math.max(0, notBefore.getTime() - now) : 0;
      const leased =
        held === 0 && message.topic !== "event" && !BACKGROUND_TOPICS.has(message.topic);
      return {
        message: message as OutboxMessage,
        delayMs: leased
          ? LEASE_MS
          : message.topic === "event" && !notBefore
            ? EVENT_GRACE_MS
            : held,
        leased,
      };
    });
  }

  /** After the commit: events at once (then their rows go), background topics to the worker, the
   * rest through a claim. */
  private async afterCommit(written: Written): Promise<Map<number, Delivery>> {
    const outcomes = new Map<number, Delivery>();
    const published: number[] = [];
    for (const { id, message } of written) {
      if (message.topic !== "event") continue;
      try {
        await this.options.handlers.event(message.payload);
        published.push(id);
        outcomes.set(id, "delivered");
      } catch (error) {
        this.options.log.warn({ err: error, outboxId: id }, "event left to the outbox worker");
        outcomes.set(id, "retrying");
      }
    }
    await removeMessages(this.options.db, published).catch((error: unknown) => {
      this.options.log.warn({ err: error }, "published events not cleared; they may repeat");
    });
    if (written.some(({ message }) => BACKGROUND_TOPICS.has(message.topic))) this.kick();
    // Leased to this request when written: delivered as a claim's rows are, without a claim. The
    // payload goes as the worker would read it back, through JSON.
    const rows: OutboxRow[] = written
      .filter(({ leased }) => leased)
      .map(({ id, message }) => ({
        id,
        topic: message.topic,
        payload: JSON.parse(JSON.stringify(message.payload)),
        attempts: 1,
      }));
    for (const row of rows) outcomes.set(row.id, await this.deliver(row));
    await this.removeDelivered(rows, outcomes);
    return outcomes;
  }

  /** Starts the worker: a drain now and every `pollMs`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    this.kick();
  }

  /** Drains now (or once more right after the drain in progress). */
  kick(): void {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = null;
    });
  }

  /** Delivers every due row; resolves when none is left (tests and shutdown wait on it). */
  async drain(): Promise<void> {
    while (this.draining) await this.draining;
    this.kick();
    await this.draining;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.draining) await this.draining;
  }

  private async drainLoop(): Promise<void> {
    do {
      await Promise.all(Array.from({ length: CLAIMS_AT_ONCE }, () => this.claimUntilDone()));
    } while (this.drainAgain);
  }

  /** Claims and delivers batches until a claim finds fewer than a full batch due and no row was
   * written since it began (a kick meanwhile: this claim goes on rather than wait for the others). */
  private async claimUntilDone(): Promise<void> {
    try {
      for (;;) {
        this.drainAgain = false;
        const rows = await claimDue(this.options.db, { limit: BATCH, leaseMs: LEASE_MS });
        const outcomes = new Map<number, Delivery>();
        await Promise.all(rows.map(async (row) => outcomes.set(row.id, await this.deliver(row))));
        await this.removeDelivered(rows, outcomes);
        if (rows.length < BATCH && !this.drainAgain) return;
      }
    } catch (error) {
      this.options.log.error({ err: error }, "outbox drain failed");
    }
  }

  /** Deletes a claim's delivered rows in one statement. Until then a crash sends them again, as
   * it would one whose delivery had just ended (at least once). */
  private async removeDelivered(rows: OutboxRow[], outcomes: Map<number, Delivery>) {
    await removeMessages(
      this.options.db,
      rows.filter((row) => outcomes.get(row.id) === "delivered").map((row) => row.id),
    );
  }

  /** Hands one claimed row to its topic's handler; a failure is settled here, a delivered row is
   * left for `removeDelivered`. */
  private async deliver(row: OutboxRow): Promise<Delivery> {
    const handler = this.options.handlers[row.topic] as (payload: unknown) => Promise<void>;
    try {
      await handler(row.payload);
    } catch (error) {
      const failed = isPermanent(error) || row.attempts >= maxAttempts(row.topic);
      const log = { err: error, outboxId: row.id, topic: row.topic, attempts: row.attempts };
      if (failed) this.options.log.error(log, "outbox delivery given up");
      else this.options.log.warn(log, "outbox delivery will be retried");
      await settleFailure(this.options.db, {
        id: row.id,
        error: reasonOf(error),
        delayMs: retryDelayMs(row.attempts),
        failed,
      });
      return failed ? { failed: reasonOf(error) } : "retrying";
    }
    return "delivered";
  }

  private stamp(mail: OutgoingMail): OutgoingMail {
    return {
      ...mail,
      messageId: mail.messageId ?? `${randomUUID()}@${this.options.mailDomain}`,
      date: mail.date ?? new Date().toISOString(),
    };
  }
}

type Written = { id: number; message: OutboxMessage; leased: boolean }[];

/** A message to write, with when it may go out (held by quiet hours), if not at once. */
type Queued = OutboxMessage & { notBefore?: Date | null };
