// One event bus for domain events: in-process by default; with REDIS_URL also Redis pub/sub, so
// every app instance behind a load balancer receives every event. The publishing instance hands an
// event to its own subscribers directly (not through Redis), and `publish` resolves once the
// handlers that return a promise have finished: a request that changed something answers only
// when this instance's caches reflect it. Long work (sending to sockets) is not awaited by its
// handler.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Metrics } from "../infra/metrics";
import type { DomainEvent } from "./events";

export type EventHandler = (event: DomainEvent) => void | Promise<void>;

export interface EventBus {
  /** Rejects with NotRelayed when this instance's subscribers had the event but Redis refused it. */
  publish(event: DomainEvent): Promise<void>;
  /** Hands `event` to the subscribers of every instance but `origin`'s, which had it already. */
  relay(event: DomainEvent, origin: string): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  close(): Promise<void>;
}

const CHANNEL = "chtcht:events";

/** The event reached this instance's subscribers (`origin`) but not Redis, so not the other
 * instances; `relay` sends it on to them alone (docs/outbox.md "Writing"). */
export class NotRelayed extends Error {
  constructor(
    readonly origin: string,
    cause: unknown,
  ) {
    super("the event reached this instance's subscribers but not Redis", { cause });
  }
}

/** In-process delivery; a handler's failure is reported, never thrown at the publisher. */
export function createMemoryBus(onError: (error: unknown) => void = () => {}): EventBus {
  const handlers = new Set<EventHandler>();
  return {
    async publish(event) {
      const running: Promise<void>[] = [];
      for (const handler of handlers) {
        try {
          const result = handler(event);
          if (result) running.push(result);
        } catch (error) {
          onError(error);
        }
      }
      for (const outcome of await Promise.allSettled(running)) {
        if (outcome.status === "rejected") onError(outcome.reason);
      }
    },
    // No other instance to relay to.
    async relay() {},
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

interface Envelope {
  origin: string;
  event: DomainEvent;
}

/** `redis` publishes; a duplicate connection subscribes (a subscribed connection cannot publish). */
export async function createRedisBus(
  redis: Redis,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const origin = randomUUID();
  const local = createMemoryBus(onError);
  const subscriber = redis.duplicate();
  subscriber.on("message", (_channel: string, message: string) => {
    try {
      const envelope = JSON.parse(message) as Envelope;
      if (envelope.origin !== origin) void local.publish(envelope.event);
    } catch (error) {
      onError(error);
    }
  });
  subscriber.on("error", onError);
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL);
  return {
    async publish(event) {
      const envelope: Envelope = { origin, event };
      const [, sent] = await Promise.allSettled([
        local.publish(event),
        redis.publish(CHANNEL, JSON.stringify(envelope)),
      ]);
      if (sent.status === "rejected") throw new NotRelayed(origin, sent.reason);
    },
    async relay(event, from) {
      const envelope: Envelope = { origin: from, event };
      await redis.publish(CHANNEL, JSON.stringify(envelope));
    },
    subscribe: local.subscribe,
    async close() {
      await subscriber.quit();
      await local.close();
    },
  };
}

/** The same bus, counting what this instance publishes (docs/operations.md "Metrics"). */
export function countPublished(bus: EventBus, metrics: Metrics): EventBus {
  return {
    publish(event) {
      metrics.eventsPublished.inc({ type: event.type });
      return bus.publish(event);
    },
    relay: (event, origin) => bus.relay(event, origin),
    subscribe: (handler) => bus.subscribe(handler),
    close: () => bus.close(),
  };
}
