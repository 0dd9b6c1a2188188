// The account settings area in the app (docs/accounts.md): sessions and password, two-factor,
// e-mail change and passkeys, and the hourly release of names deleted accounts held back.
import type { AppModule } from "../../app-module";
import {
  HELD_NAMES_RELEASE_MS,
  runHeldNamesRelease,
  scheduleHeldNamesRelease,
} from "./deletion-release";
import { emailChangeRoutes } from "./email-routes";
import { passkeyRoutes } from "./passkey-routes";
import { accountRoutes } from "./routes";
import { twoFactorRoutes } from "./two-factor-routes";

declare module "fastify" {
  interface FastifyInstance {
    /** One release of held names at `now` (docs/accounts.md "Deleting the account"). */
    releaseHeldNames(now: Date): Promise<string[] | null>;
  }
}

export const accountModule: AppModule = {
  async register(app, ctx) {
    await app.register(accountRoutes, { prefix: "/api/account", ctx });
    await app.register(twoFactorRoutes, { prefix: "/api/account/two-factor", ctx });
    await app.register(emailChangeRoutes, { prefix: "/api/account/email", ctx });
    await app.register(passkeyRoutes, { prefix: "/api/account/passkeys", ctx });
    app.decorate("releaseHeldNames", (now: Date) => runHeldNamesRelease(ctx, now));
  },
  jobs: [
    {
      interval: "heldNamesReleaseMs",
      everyMs: HELD_NAMES_RELEASE_MS,
      schedule: scheduleHeldNamesRelease,
    },
  ],
};
