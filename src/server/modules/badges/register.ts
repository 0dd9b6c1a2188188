// The badges area in the app (docs/safety.md "Badges"): the requests and the moderators' review,
// the removal of documents a deleted account leaves behind (the outbox's media.delete), and the
// hourly deletion of veterans' documents past their 30 days.
import type { AppModule } from "../../app-module";
import { removeProof } from "./proof-store";
import { PROOF_SWEEP_MS, runProofSweep, scheduleProofSweep } from "./proof-sweep";
import { badgeReviewRoutes, badgeRoutes } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    /** One run deleting badge documents past their time at `now` (docs/profiles-and-media.md). */
    runProofSweep(now: Date, everyMs?: number): Promise<number | null>;
  }
}

export const badgesModule: AppModule = {
  async register(app, ctx) {
    await app.register(badgeRoutes, { prefix: "/api/badges", ctx });
    await app.register(badgeReviewRoutes, { prefix: "/api/admin/badge-requests", ctx });
    app.decorate("runProofSweep", (now: Date, everyMs?: number) =>
      runProofSweep(ctx, now, everyMs),
    );
  },
  outbox: (ctx) => ({
    "media.delete": async ({ urls }) => {
      for (const url of urls) await removeProof(ctx.captures, url);
    },
  }),
  jobs: [{ interval: "proofSweepMs", everyMs: PROOF_SWEEP_MS, schedule: scheduleProofSweep }],
};
