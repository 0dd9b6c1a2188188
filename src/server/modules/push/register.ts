// The web push area in the app (docs/notifications.md "Push"): its routes under /api/push and the
// outbox's `push` topic, which sends each push with the app's DNS resolver for the endpoints'
// addresses.
import type { AppModule } from "../../app-module";
import type { DnsResolver } from "../../infra/dns-resolver";
import { parseAllowedRanges } from "../../infra/public-address";
import { deliverPush } from "./deliver";
import { pushRoutes } from "./routes";

export function pushModule(resolver: DnsResolver): AppModule {
  return {
    async register(app, ctx) {
      await app.register(pushRoutes, { prefix: "/api/push", ctx });
    },
    outbox: (ctx) => {
      const rules = { resolver, allowed: parseAllowedRanges(ctx.config.push.allowPrivate) };
      return { push: (message) => deliverPush({ db: ctx.db, config: ctx.config, rules }, message) };
    },
  };
}
