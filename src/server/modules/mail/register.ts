// The mail area in the app (docs/mail.md): its routes, the inbound SMTP server, and the hourly
// sweep of inbound Message-IDs and Idempotency-Key answers past their time.

import type { AppModule } from "../../app-module";
import type { DnsResolver } from "../../infra/dns-resolver";
import {
  type DedupSweepReport,
  MAIL_DEDUP_SWEEP_MS,
  runMailDedupSweep,
  scheduleMailDedupSweep,
} from "./dedup-sweep";
import { mailRoutes } from "./routes";
import { registerInboundMail } from "./smtp";

declare module "fastify" {
  interface FastifyInstance {
    /** One run deleting mail de-duplication records past their time at `now` (docs/mail.md). */
    runMailDedupSweep(now: Date, everyMs?: number): Promise<DedupSweepReport | null>;
  }
}

/** `resolver` checks inbound mail's SPF, DKIM and DMARC. */
export function mailModule(resolver: DnsResolver): AppModule {
  return {
    async register(app, ctx) {
      await app.register(mailRoutes, { prefix: "/api/mail", ctx });
      registerInboundMail(app, ctx, resolver);
      app.decorate("runMailDedupSweep", (now: Date, everyMs?: number) =>
        runMailDedupSweep(ctx, now, everyMs),
      );
    },
    jobs: [
      {
        interval: "mailDedupSweepMs",
        everyMs: MAIL_DEDUP_SWEEP_MS,
        schedule: scheduleMailDedupSweep,
      },
    ],
  };
}
