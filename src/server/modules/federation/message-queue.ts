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

  /**
   * Handles due messages until `signal` aborts, up to `batch` at once: a slot that frees claims the
   * next due message, so one slow delivery holds up only itself. An enqueue while every claimed
   * message is still running is remembered, not lost, and the listener claims again when a slot
   * frees. On abort, it stops claiming and returns once the messages it holds are handled.
   */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { signal } = options;
    const running = new Set<Promise<void>>();
    let woken = false;
    let resume: () => void = () => {};
    const waker = () => {
      woken = true;
      resume();
    };
    this.#wakers.add(waker);
    const handle = async ({ id, message }: { id: number; message: unknown }) => {
      try {
        await handler(message);
      } catch (error) {
        this.#onError(error);
      }
      await removeQueued(this.#db, id).catch(this.#onError);
    };
    try {
      while (!signal?.aborted) {
        woken = false;
        const free = this.#batch - running.size;
        const claimed = free > 0 ? await this.#claim(free) : [];
        for (const row of claimed) {
          const task = handle(row).finally(() => {
            running.delete(task);
            waker();
          });
          running.add(task);
        }
        if (free > 0 && claimed.length === free) continue;
        if (woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.#pollMs);
          function done() {
            clearTimeout(timer);
            signal?.removeEventListener("abort", done);
            resolve();
          }
          resume = done;
          signal?.addEventListener("abort", done, { once: true });
        });
      }
      await Promise.all(running);
    } finally {
      this.#wakers.delete(waker);
    }
  }

  async #claim(limit: number) {
    try {
      return await claimQueued(this.#db, { limit, leaseMs: this.#leaseMs });
    } catch (error) {
      this.#onError(error);
      return [];
    }
  }
}
