// The reserved usernames area in the app (docs/usernames.md): its routes, the test checkout page
// when no Stripe key is set, the provider's news the outbox delivers ("Webhooks"), and the
// lifecycle that runs every minute ("Scheduled work").
import type { AppModule } from "../../app-module";
import { type LifecycleReport, runUsernameLifecycle, scheduleUsernameLifecycle } from "./lifecycle";
import { applyPaymentEvent } from "./payment-events";
import { usernameRoutes } from "./routes";
import { testCheckoutRoutes } from "./test-checkout-routes";

const USERNAME_LIFECYCLE_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** One run of the reserved-username lifecycle at `now` (docs/usernames.md "Scheduled work"). */
    runUsernameLifecycle(now: Date, everyMs?: number): Promise<LifecycleReport | null>;
  }
}

export const usernamesModule: AppModule = {
  async register(app, ctx) {
    await app.register(usernameRoutes, { prefix: "/api/usernames", ctx });
    if (!ctx.config.stripe) {
      await app.register(testCheckoutRoutes, { prefix: "/api/payments/test", ctx });
    }
    app.decorate("runUsernameLifecycle", (now: Date, everyMs?: number) =>
      runUsernameLifecycle(ctx, now, everyMs),
    );
  },
  outbox: (ctx) => ({ "payments.event": (event) => applyPaymentEvent(ctx, event, new Date()) }),
  jobs: [
    {
      interval: "usernameLifecycleMs",
      everyMs: USERNAME_LIFECYCLE_MS,
      schedule: scheduleUsernameLifecycle,
    },
  ],
};
