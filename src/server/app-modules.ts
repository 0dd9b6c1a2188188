// How app.ts runs what the modules hand it (app-module.ts): their outbox handlers joined
// into the outbox's, and their scheduled jobs started once the app is ready and stopped on close.
import type { FastifyInstance } from "fastify";
import type { AppModule, JobIntervals } from "./app-module";
import type { AppContext } from "./context";
import { OUTBOX_TOPICS, type OutboxHandlers, type OutboxTopic } from "./outbox/messages";
import type { Outbox } from "./outbox/outbox";

type Handler = (payload: unknown) => Promise<void>;

/** Adds the modules' handlers to `handlers`; a topic several modules handle (media.delete: each
 * URL is an image, a face capture or a badge document, and each remover skips the others) runs
 * each module's handler in list order. A topic no module handles stops the start, rather than
 * its first message failing in the outbox. */
export function joinOutboxHandlers(
  handlers: Partial<OutboxHandlers>,
  modules: readonly AppModule[],
  ctx: AppContext,
): void {
  const into = handlers as Partial<Record<OutboxTopic, Handler>>;
  for (const module of modules) {
    const more = (module.outbox?.(ctx) ?? {}) as Partial<Record<OutboxTopic, Handler>>;
    for (const [topic, next] of Object.entries(more) as [OutboxTopic, Handler][]) {
      const first = into[topic];
      into[topic] = first
        ? async (payload) => {
            await first(payload);
            await next(payload);
          }
        : next;
    }
  }
  const unhandled = OUTBOX_TOPICS.filter((topic) => !into[topic]);
  if (unhandled.length > 0) {
    throw new Error(`No module handles the outbox topic(s): ${unhandled.join(", ")}`);
  }
}

/** The outbox starts when the app is ready, then each module's jobs (at its interval, or the
 * caller's; 0 leaves it off). On close the jobs stop, then the outbox: this hook is added before
 * the modules register theirs, and Fastify runs onClose hooks last-added first. */
export function runOutboxAndJobs(
  app: FastifyInstance,
  {
    ctx,
    outbox,
    modules,
    intervals,
  }: {
    ctx: AppContext;
    outbox: Outbox;
    modules: readonly AppModule[];
    intervals: JobIntervals;
  },
): void {
  const stops: (() => Promise<void>)[] = [];
  app.addHook("onReady", async () => {
    outbox.start();
    for (const job of modules.flatMap((module) => module.jobs ?? [])) {
      const everyMs = intervals[job.interval] ?? job.everyMs;
      if (everyMs > 0) stops.push(job.schedule(ctx, everyMs));
    }
  });
  app.addHook("onClose", async () => {
    for (const stop of stops) await stop();
    await outbox.stop();
  });
}
