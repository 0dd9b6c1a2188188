// The data export area in the app (docs/accounts.md "Your data"): its routes, the build the outbox
// worker runs, and the hourly sweep of expired exports.
import type { AppModule } from "../../app-module";
import { buildExport } from "./builder";
import { exportRoutes } from "./routes";
import { runExportSweep, type SweepReport, scheduleExportSweep } from "./sweep";

const EXPORT_SWEEP_MS = 3_600_000;

declare module "fastify" {
  interface FastifyInstance {
    /** One sweep of expired data exports at `now` (docs/accounts.md "Your data"). */
    runExportSweep(now: Date, everyMs?: number): Promise<SweepReport | null>;
  }
}

export const exportModule: AppModule = {
  async register(app, ctx) {
    await app.register(exportRoutes, { prefix: "/api/account/export", ctx });
    app.decorate("runExportSweep", (now: Date, everyMs?: number) =>
      runExportSweep(ctx, now, everyMs),
    );
  },
  outbox: (ctx) => ({ "export.build": (payload) => buildExport(ctx, payload) }),
  jobs: [{ interval: "exportSweepMs", everyMs: EXPORT_SWEEP_MS, schedule: scheduleExportSweep }],
};
