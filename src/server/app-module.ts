// What a module hands the app (docs/architecture.md "App context"): app.ts builds the context, then
// lists the modules; each registers its routes and hooks, names the outbox topics it handles, and
// the jobs it runs on a timer. A module's own file (`modules/<area>/register.ts`) exports it.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context";
import type { OutboxHandlers } from "./outbox/messages";

/** How often each scheduled job runs, when the app's caller sets it; 0 turns its timer off. */
export interface JobIntervals {
  /** The reserved-username lifecycle (docs/usernames.md). */
  usernameLifecycleMs?: number;
  /** Releasing held names (docs/accounts.md). */
  heldNamesReleaseMs?: number;
  /** Looking for people due the daily e-mail digest (docs/accounts.md "E-mails from us"). */
  emailDigestMs?: number;
  /** Sweeping expired data exports (docs/accounts.md "Your data"). */
  exportSweepMs?: number;
  /** Deleting veterans' documents past their 30 days (docs/profiles-and-media.md "The veteran
   * medal"). */
  proofSweepMs?: number;
  /** Deleting timeline rows past their days (docs/feed.md). */
  timelineSweepMs?: number;
  /** Pruning link previews past their time (docs/feed.md "Link previews"). */
  linkPreviewSweepMs?: number;
  /** Deleting inbound Message-IDs and Idempotency-Key answers past their time (docs/mail.md). */
  mailDedupSweepMs?: number;
  /** Deleting federation's cached documents past their time (docs/federation.md "Storage"). */
  federationSweepMs?: number;
}

export interface ScheduledJob {
  /** The option that sets how often it runs. */
  interval: keyof JobIntervals;
  /** How often it runs when the option is not set. */
  everyMs: number;
  /** Starts it (it runs now and then every `everyMs`); returns the stop function. */
  schedule(ctx: AppContext, everyMs: number): () => Promise<void>;
}

export interface AppModule {
  /** Routes, hooks, decorations and subscriptions, in the order app.ts lists the modules. */
  register(app: FastifyInstance, ctx: AppContext): Promise<void> | void;
  /** The outbox topics it delivers (docs/outbox.md); a topic several modules name runs each
   * module's handler in list order. */
  outbox?: (ctx: AppContext) => Partial<OutboxHandlers>;
  /** Started when the app is ready, after the outbox; stopped on close, before it. */
  jobs?: readonly ScheduledJob[];
}
