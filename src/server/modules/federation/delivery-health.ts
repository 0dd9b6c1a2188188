// How our deliveries to each server fare (docs/federation.md "Deliveries per server"). Each outgoing message
// the queue hands the library is one attempt, followed in an async context. Fedify 2.3.6 calls
// `onOutboxError` for every failed attempt and the permanent-failure handler when it gives up on
// an inbox at once (a 404 or 410, or a message the circuit breaker held too long), and it
// re-enqueues a message to retry it (or, held by the circuit breaker, without sending it). So when
// the handler returns: no error and nothing re-enqueued is a delivery; an error and a re-enqueue
// is an attempt failing; a permanent failure, or an error with no retry left, is a delivery
// failed; a message held without a send counts nothing.
import { AsyncLocalStorage } from "node:async_hooks";
import {
  type MessageQueue,
  type MessageQueueEnqueueOptions,
  type MessageQueueListenOptions,
  SendActivityError,
} from "@fedify/fedify";
import type { DeliveryOutcome } from "./delivery-queries";
import type { TableMessageQueue } from "./message-queue";

interface Attempt {
  error: unknown;
  erred: boolean;
  gaveUp: boolean;
  requeued: boolean;
}

export interface DeliveryRecord {
  host: string;
  outcome: DeliveryOutcome;
  error: string | null;
}

/** The host a queued message delivers to, when it is a delivery. */
function deliveryHost(message: unknown): string | null {
  const { type, inbox } = (message ?? {}) as { type?: unknown; inbox?: unknown };
  if (type !== "outbox" || typeof inbox !== "string") return null;
  try {
    return new URL(inbox).host.toLowerCase();
  } catch {
    return null;
  }
}

/** What a moderator reads of a failure: the status the server answered, or what went wrong on
 * the way (the cause of a fetch that failed: a refused connection, an unknown name). */
export function describeFailure(error: unknown): string {
  if (error instanceof SendActivityError && error.statusCode > 0) {
    return error.message.match(/\((\d{3}[^)]*)\)/)?.[1] ?? `HTTP ${error.statusCode}`;
  }
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`.slice(0, 500);
}

function outcomeOf(attempt: Attempt): DeliveryOutcome | null {
  if (attempt.gaveUp) return "failed";
  if (attempt.erred) return attempt.requeued ? "failing" : "failed";
  return attempt.requeued ? null : "delivered";
}

export class DeliveryHealth {
  readonly #attempts = new AsyncLocalStorage<Attempt>();
  readonly #record: (record: DeliveryRecord) => Promise<void>;

  constructor(record: (record: DeliveryRecord) => Promise<void>) {
    this.#record = record;
  }

  /** An attempt failed (the library's `onOutboxError`). */
  readonly attemptFailed = (error: unknown): void => {
    const attempt = this.#attempts.getStore();
    if (!attempt) return;
    attempt.erred = true;
    attempt.error = error;
  };

  /** The library gave up on the inbox (its permanent-failure handler). */
  readonly gaveUp = (error: unknown): void => {
    const attempt = this.#attempts.getStore();
    if (!attempt) return;
    attempt.gaveUp = true;
    if (!attempt.erred) attempt.error = error;
    attempt.erred = true;
  };

  /** `inner`, with each delivery it hands out followed. */
  queue(inner: TableMessageQueue): MessageQueue {
    const requeued = (messages: readonly unknown[]) => {
      const attempt = this.#attempts.getStore();
      if (attempt && messages.some((message) => deliveryHost(message) !== null)) {
        attempt.requeued = true;
      }
    };
    return {
      nativeRetrial: inner.nativeRetrial,
      enqueue: (message: unknown, options?: MessageQueueEnqueueOptions) => {
        requeued([message]);
        return inner.enqueue(message, options);
      },
      enqueueMany: (messages: readonly unknown[], options?: MessageQueueEnqueueOptions) => {
        requeued(messages);
        return inner.enqueueMany(messages, options);
      },
      getDepth: () => inner.getDepth(),
      listen: (handler, options?: MessageQueueListenOptions) =>
        inner.listen((message) => this.#attempt(message, handler), options),
    };
  }

  async #attempt(message: unknown, handler: (message: unknown) => Promise<void> | void) {
    const host = deliveryHost(message);
    if (host === null) return handler(message);
    const attempt: Attempt = { error: null, erred: false, gaveUp: false, requeued: false };
    let thrown: { error: unknown } | null = null;
    try {
      await this.#attempts.run(attempt, () => handler(message));
    } catch (error) {
      thrown = { error };
      if (!attempt.erred) attempt.error = error;
      attempt.erred = true;
    }
    const outcome = outcomeOf(attempt);
    if (outcome) {
      const error = outcome === "delivered" ? null : describeFailure(attempt.error);
      await this.#record({ host, outcome, error });
    }
    if (thrown) throw thrown.error;
  }
}
