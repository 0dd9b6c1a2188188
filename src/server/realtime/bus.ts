// One event bus for domain events: in-process by default; Redis pub/sub when REDIS_URL is set, so
// every app instance behind a load balancer receives every event (its own included).
import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";
import type { DomainEvent } from "./events";

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "chtcht:events";

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(handler) {
      emitter.on("event", handler);
      return () => emitter.off("event", handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** `redis` publishes; a duplicate connection subscribes (a subscribed connection cannot publish). */
export async function createRedisBus(
  redis: Redis,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const local = createMemoryBus();
  const subscriber = redis.duplicate();
  subscriber.on("message", (_channel: string, message: string) => {
    try {
      local.publish(JSON.parse(message) as DomainEvent);
    } catch (error) {
      onError(error);
    }
  });
  subscriber.on("error", onError);
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL);
  return {
    async publish(event) {
      await redis.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe: local.subscribe,
    async close() {
      await subscriber.quit();
      await local.close();
    },
  };
}
