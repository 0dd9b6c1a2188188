// Fedify's MessageQueue on the fed_queue table (docs/federation.md "Storage"): outgoing deliveries
// (one message per recipient inbox, fanned out by the library) and incoming activities, so a
// restart loses none. Every instance listens; a claim leases rows with FOR UPDATE SKIP LOCKED, so
// two never take the same message, and one that dies mid-message leaves it to be claimed again
// when the lease ends. The library retries failures itself (`nativeRetrial` false) by enqueueing
// the message again with a delay.
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import type { Db } from "../../db/client";
import { claimQueued, enqueueMessages, queueDepth, removeQueued } from "./store-queries";

interface TableQueueOptions {
  /** How often a listener looks for due messages when nothing woke it (ms). */
  pollMs?: number;
  /** Messages handled side by side by one listener. */
  batch?: number;
  /** How long a claimed message is this listener's (ms). */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

export class TableMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #db: Db;
  readonly #pollMs: number;
  readonly #batch: number;
  readonly #leaseMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #wakers = new Set<() => void>();

  constructor(db: Db, options: TableQueueOptions = {}) {
    this.#db = db;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#batch = options.batch ?? 16;
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#onError = options.onError ?? (() => {});
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  enqueueMany = async (
    messages: readonly unknown[],
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> => {
    const delayMs = Math.max(0, options?.delay?.total({ unit: "milliseconds" }) ?? 0);
    await enqueueMessages(this.#db, messages, {
      delayMs,
      orderingKey: options?.orderingKey ?? null,
    });
    if (delayMs === 0) for (const wake of this.#wakers) wake();
  };

  async getDepth(): Promise<MessageQueueDepth> {
    const { queued, ready } = await queueDepth(this.#db);
    return { queued, ready, delayed: queued - ready };
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { signal } = options;
    let wake: () => void = () => {};
    const waker = () => wake();
    this.#wakers.add(waker);
    try {
      while (!signal?.aborted) {
        const claimed = await this.#claim();
        await Promise.all(
          claimed.map(async ({ id, message }) => {
            try {
              await handler(message);
            } catch (error) {
              this.#onError(error);
            }
            await removeQueued(this.#db, id).catch(this.#onError);
          }),
        );
        if (claimed.length === this.#batch) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.#pollMs);
          function done() {
            clearTimeout(timer);
            signal?.removeEventListener("abort", done);
            resolve();
          }
          wake = done;
          signal?.addEventListener("abort", done, { once: true });
        });
      }
    } finally {
      this.#wakers.delete(waker);
    }
  }

  async #claim() {
    try {
      return await claimQueued(this.#db, { limit: this.#batch, leaseMs: this.#leaseMs });
    } catch (error) {
      this.#onError(error);
      return [];
    }
  }
}
