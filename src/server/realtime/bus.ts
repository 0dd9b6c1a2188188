// One event bus for domain events (docs/social-and-realtime.md "Realtime"). The bus numbers every
// event once (sequence.ts) and keeps the last few minutes of them, so a client that reconnects with
// the last sequence it got is given what it missed. In-process by default: a counter and a buffer,
// with an epoch that changes with the process. With REDIS_URL, a Redis Stream: `publish` appends
// (the stream ID is the sequence) and trims what is older than the window, noting how far it
// trimmed, so a backlog is refused only when it lost events; every instance, the publisher
// included, reads the stream and hands each event to its subscribers in stream order, so every
// instance sends its sockets the events in one order. `publish` resolves once this instance's
// handlers that return a promise have finished with the event: a request that changed something
// answers only when this instance's caches reflect it. Long work (sending to sockets) is not
// awaited by its handler. A Redis that came back empty lost its history, and an instance away
// longer than the window lost the events trimmed meanwhile: each instance's reader notices before
// reading on and tells its reset listeners (docs/social-and-realtime.md "History lost").
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Metrics } from "../infra/metrics";
import type { DomainEvent } from "./events";
import {
  type Backlog,
  compareSequences,
  isSequence,
  RESUME_WINDOW_MS,
  type Sequenced,
} from "./sequence";

/** `seq` is the event's sequence; handlers that only keep caches ignore it. */
export type EventHandler = (event: DomainEvent, seq: string) => void | Promise<void>;

/** What a reconnecting client resumes from. */
export interface EventLog {
  /** Names the log's history: another epoch (a restarted process, another Redis, a Redis that
   * came back empty) is unknown. */
  readonly epoch: string;
  /** The sequence of the last event this instance has handed to its subscribers. */
  position(): string;
  /** The events after `after`, up to and with `upTo`, or why the client must refetch. */
  backlog(after: string, upTo: string): Promise<Backlog<DomainEvent>>;
}

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  /** `listener` runs when the bus's history was lost (a Redis that came back empty): events
   * published before may never arrive, so whatever was kept up to date by them is forgotten and
   * every socket told to refetch. It runs before any event of the new history is handed on. */
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
  log: EventLog;
}

interface LogOptions {
  /** How long events are kept for resuming (RESUME_WINDOW_MS unless a test says otherwise). */
  windowMs?: number;
}

/** Hands an event to every subscriber; a handler's failure is reported, never thrown. */
function createFanout(onError: (error: unknown) => void) {
  const handlers = new Set<EventHandler>();
  return {
    handlers,
    async run(event: DomainEvent, seq: string) {
      const running: Promise<void>[] = [];
      for (const handler of handlers) {
        try {
          const result = handler(event, seq);
          if (result) running.push(result);
        } catch (error) {
          onError(error);
        }
      }
      for (const outcome of await Promise.allSettled(running)) {
        if (outcome.status === "rejected") onError(outcome.reason);
      }
    },
  };
}

/** In-process delivery, numbered by a counter; the last `windowMs` of events are kept. */
export function createMemoryBus(
  onError: (error: unknown) => void = () => {},
  options: LogOptions = {},
): EventBus {
  const windowMs = options.windowMs ?? RESUME_WINDOW_MS;
  const fanout = createFanout(onError);
  const kept: { seq: number; at: number; event: DomainEvent }[] = [];
  let counter = 0;
  /** The sequence of the newest event no longer kept: a client before it has lost events. */
  let dropped = 0;
  const trim = () => {
    const oldest = Date.now() - windowMs;
    while (kept.length > 0 && (kept[0]?.at ?? 0) < oldest) dropped = kept.shift()?.seq ?? dropped;
  };
  return {
    async publish(event) {
      counter += 1;
      kept.push({ seq: counter, at: Date.now(), event });
      trim();
      await fanout.run(event, String(counter));
    },
    subscribe(handler) {
      fanout.handlers.add(handler);
      return () => fanout.handlers.delete(handler);
    },
    // One process's memory is never lost while it runs.
    onReset: () => () => {},
    async close() {
      fanout.handlers.clear();
    },
    log: {
      epoch: randomUUID(),
      position: () => String(counter),
      async backlog(after, upTo) {
        trim();
        if (!/^\d{1,16}$/.test(after) || Number(after) > counter) return { refetch: "unknown" };
        if (Number(after) < dropped) return { refetch: "too-old" };
        const events = kept
          .filter(({ seq }) => seq > Number(after) && seq <= Number(upTo))
          .map(({ seq, event }) => ({ seq: String(seq), event }));
        return { events };
      },
    },
  };
}

/** The Redis Stream every instance appends to and reads (docs/social-and-realtime.md "Realtime"). */
export const EVENT_STREAM = "chtcht:events:stream";
/** Clocks of the instances and of Redis may differ by this much: trimming keeps it in hand. */
const CLOCK_SLACK_MS = 60_000;
/** A backlog longer than this is not replayed: the client refetches instead. */
const MAX_BACKLOG = 10_000;
/** A publisher waits at most this long for its own event to come back through the stream. */
const ECHO_WAIT_MS = 5_000;
const READ_BLOCK_MS = 5_000;
/** The reader's blocking read may take READ_BLOCK_MS; only past this is Redis taken to be away. */
const READ_TIMEOUT_MS = READ_BLOCK_MS + 2_000;

/**
 * Appends an event and trims, exactly, the entries older than the bound (milliseconds) in one
 * step, keeping under KEYS[2] the ID of the newest entry it removed: a client at or after that
 * ID has lost nothing, however long ago it last heard (a quiet stream keeps its last entries).
 */
const APPEND_SCRIPT = `
local id = redis.call('XADD', KEYS[1], '*', 'e', ARGV[2])
local older = redis.call('XREVRANGE', KEYS[1], '(' .. ARGV[1], '-', 'COUNT', 1)
if older[1] then
  redis.call('XTRIM', KEYS[1], 'MINID', ARGV[1])
  redis.call('SET', KEYS[2], older[1][1])
end
return id`;

interface RedisBusOptions extends LogOptions {
  /** The stream's key (tests use one of their own). */
  stream?: string;
  /** How long the reader waits after a failed read before reading again (500 ms). */
  retryMs?: number;
  /** How much older than the window an entry must be to be trimmed (CLOCK_SLACK_MS; tests 0). */
  slackMs?: number;
}

type StreamEntry = [id: string, fields: string[]];

/** `redis` appends; a duplicate connection reads (a blocking read holds its connection). */
export async function createRedisBus(
  redis: Redis,
  onError: (error: unknown) => void,
  options: RedisBusOptions = {},
): Promise<EventBus> {
  const stream = options.stream ?? EVENT_STREAM;
  const windowMs = options.windowMs ?? RESUME_WINDOW_MS;
  const slackMs = options.slackMs ?? CLOCK_SLACK_MS;
  const retryMs = options.retryMs ?? 500;
  const trimmedKey = `${stream}:trimmed`;
  const fanout = createFanout(onError);
  const resets = new Set<() => void>();
  const epochKey = `${stream}:epoch`;
  /** The epoch Redis holds, made when there is none: a Redis that came back empty starts a new
   * history, and a client of the old one is told to refetch. */
  const storedEpoch = async (client: Redis) => {
    await client.set(epochKey, randomUUID(), "NX");
    return (await client.get(epochKey)) as string;
  };
  let epoch = await storedEpoch(redis);
  const newest = async () => {
    const [last] = (await redis.xrevrange(stream, "+", "-", "COUNT", 1)) as StreamEntry[];
    return last?.[0] ?? "0-0";
  };
  let position = await newest();
  /** Publishers here waiting for their event to come back through the stream. */
  const echoes = new Map<string, () => void>();
  /** Events read whose handlers have not all finished. */
  const running = new Map<string, Promise<void>>();
  // A read cut by a lost connection fails at once rather than being sent again after the
  // reconnection: the loop checks the epoch first.
  const reader = redis.duplicate({ commandTimeout: READ_TIMEOUT_MS, maxRetriesPerRequest: 0 });
  reader.on("error", onError);
  // A lazy client's copy waits to be connected; any other connects on its own.
  if (reader.status === "wait") await reader.connect();
  let closed = false;

  /** After a failed read, Redis may have restarted empty: then the history read so far is gone,
   * and events published meanwhile may be lost with it. The new history is read from its start,
   * once every reset listener has run. Or this instance was away longer than the window, and the
   * stream was trimmed past what it had read: the events between are lost to it, so the reset
   * listeners run too, and it reads on from what is kept. */
  const checkHistory = async () => {
    const stored = await storedEpoch(reader);
    if (stored === epoch) {
      const trimmed = await reader.get(trimmedKey);
      if (trimmed === null || compareSequences(trimmed, position) <= 0) return;
    } else {
      epoch = stored;
      position = "0-0";
    }
    for (const listener of resets) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  };

  const read = async () => {
    let interrupted = false;
    while (!closed) {
      try {
        if (interrupted) await checkHistory();
        interrupted = false;
        const answer = (await reader.xread(
          "COUNT",
          100,
          "BLOCK",
          READ_BLOCK_MS,
          "STREAMS",
          stream,
          position,
        )) as [string, StreamEntry[]][] | null;
        for (const [id, fields] of answer?.[0]?.[1] ?? []) {
          position = id;
          // Handlers are called in stream order, each event's without waiting for the last's
          // to finish; its publisher (if here) resumes once they have.
          let event: DomainEvent;
          try {
            event = JSON.parse(fields[1] as string) as DomainEvent;
          } catch (error) {
            onError(error);
            continue;
          }
          running.set(
            id,
            fanout.run(event, id).then(() => {
              running.delete(id);
              echoes.get(id)?.();
              echoes.delete(id);
            }),
          );
        }
      } catch (error) {
        if (closed) return;
        // The first failure of an outage is reported, not each retry every half second.
        if (!interrupted) onError(error);
        interrupted = true;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };
  const reading = read();

  return {
    async publish(event) {
      const id = (await redis.eval(
        APPEND_SCRIPT,
        2,
        stream,
        trimmedKey,
        String(Date.now() - windowMs - slackMs),
        JSON.stringify(event),
      )) as string;
      const handling = running.get(id);
      if (handling) return handling;
      if (compareSequences(id, position) <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          echoes.delete(id);
          resolve();
        }, ECHO_WAIT_MS);
        echoes.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    subscribe(handler) {
      fanout.handlers.add(handler);
      return () => fanout.handlers.delete(handler);
    },
    onReset(listener) {
      resets.add(listener);
      return () => resets.delete(listener);
    },
    async close() {
      closed = true;
      reader.disconnect();
      await reading;
      for (const resolve of echoes.values()) resolve();
      fanout.handlers.clear();
    },
    log: {
      get epoch() {
        return epoch;
      },
      position: () => position,
      async backlog(after, upTo) {
        if (!isSequence(after) || !after.includes("-")) return { refetch: "unknown" };
        // The history this client's sequence comes from is gone (Redis restarted empty since;
        // the reader takes the new one).
        if ((await redis.get(epochKey)) !== epoch) return { refetch: "unknown" };
        const last = await newest();
        if (compareSequences(after, last) > 0) return { refetch: "unknown" };
        // Nothing since: nothing missed, however long ago that was.
        if (compareSequences(after, last) === 0) return { events: [] };
        const trimmed = await redis.get(trimmedKey);
        if (trimmed !== null && compareSequences(after, trimmed) < 0) return { refetch: "too-old" };
        if (compareSequences(after, upTo) >= 0) return { events: [] };
        const entries = (await redis.xrange(
          stream,
          `(${after}`,
          upTo,
          "COUNT",
          MAX_BACKLOG + 1,
        )) as StreamEntry[];
        if (entries.length > MAX_BACKLOG) return { refetch: "too-old" };
        const events: Sequenced<DomainEvent>[] = entries.map(([seq, fields]) => ({
          seq,
          event: JSON.parse(fields[1] as string) as DomainEvent,
        }));
        return { events };
      },
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
    subscribe: (handler) => bus.subscribe(handler),
    onReset: (listener) => bus.onReset(listener),
    close: () => bus.close(),
    log: bus.log,
  };
}
