// The web push area in the app (docs/notifications.md "Push"): its routes under /api/push and the
// outbox's `push` topic, which sends each push with the app's DNS resolver for the endpoints'
// addresses, over connections kept per checked address (closed with the app), with our VAPID
// header kept per push service and each browser's last success written once a minute.
import type { AppModule } from "../../app-module";
import type { DnsResolver } from "../../infra/dns-resolver";
import { parseAllowedRanges } from "../../infra/public-address";
import { PushConnections } from "../../infra/push-connections";
import { deliverPush, pushDeps } from "./deliver";
import { pushRoutes } from "./routes";

export function pushModule(resolver: DnsResolver): AppModule {
  const connections = new PushConnections();
  return {
    async register(app, ctx) {
      await app.register(pushRoutes, { prefix: "/api/push", ctx });
      app.addHook("onClose", async () => connections.close());
    },
    outbox: (ctx) => {
      const rules = {
        resolver,
        allowed: parseAllowedRanges(ctx.config.push.allowPrivate),
        connections,
      };
      const deps = pushDeps({ db: ctx.db, vapid: ctx.config.push.vapid, rules });
      return { push: (message) => deliverPush(deps, message) };
    },
  };
}
