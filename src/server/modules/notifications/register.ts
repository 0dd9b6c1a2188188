// The e-mails-from-us area in the app (docs/accounts.md "E-mails from us"): the one-click
// unsubscribe page and its API, and the daily digest, looked for every ten minutes; and the
// Requests of the filter of new accounts (docs/notifications.md "Requests").
import type { AppModule } from "../../app-module";
import { type DigestReport, runEmailDigest, scheduleEmailDigest } from "./digest";
import { requestRoutes } from "./request-routes";
import { notificationRoutes } from "./routes";
import { unsubscribePageRoutes } from "./unsubscribe-page-routes";

const EMAIL_DIGEST_MS = 10 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** One run of the daily e-mail digest at `now` (docs/accounts.md "E-mails from us"). */
    runEmailDigest(now: Date, everyMs?: number): Promise<DigestReport | null>;
  }
}

export const notificationsModule: AppModule = {
  async register(app, ctx) {
    await app.register(notificationRoutes, { prefix: "/api", ctx });
    await app.register(requestRoutes, { prefix: "/api", ctx });
    await app.register(unsubscribePageRoutes, { prefix: "", ctx });
    app.decorate("runEmailDigest", (now: Date, everyMs?: number) =>
      runEmailDigest(ctx, now, everyMs),
    );
  },
  jobs: [{ interval: "emailDigestMs", everyMs: EMAIL_DIGEST_MS, schedule: scheduleEmailDigest }],
};
