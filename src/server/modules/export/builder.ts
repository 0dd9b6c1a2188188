// Builds one export (docs/accounts.md "Your data"), as the outbox worker's `export.build` handler:
// it takes the export (one builder at a time: a build shows life in its progress, and only one
// silent for a minute may be taken over), writes the zip into the private exports store, then
// marks it ready and writes the e-mail with the link in one transaction. A build that fails lets
// go at once, so the outbox's retry takes it over; a crash leaves it to be taken after a minute.
import { EXPORT_VALID_DAYS, type ExportStage } from "../../../domain/contracts/export";
import type { AppContext } from "../../context";
import { exportReadyMail } from "../../infra/account-mails";
import { type ArchiveDeps, type Progress, writeArchive } from "./archive";
import { countItems } from "./data-queries";
import {
  claimBuild,
  findExport,
  markReady,
  releaseBuild,
  signUpAddressOf,
  writeProgress,
} from "./queries";
import { ZipWriter } from "./zip-writer";

export type BuildDeps = ArchiveDeps & Pick<AppContext, "outbox" | "exports">;

/** A build silent this long is taken to have died with its instance. */
const BUILD_STALE_MS = 60_000;
/** Progress is written at most this often (and at each new file); it doubles as the heartbeat. */
const PROGRESS_EVERY_MS = 500;
const DAY_MS = 86_400_000;

/** Another instance is building this export right now; the outbox tries again later. */
class BuildInProgress extends Error {}

const hexOf = (userId: string) => Buffer.from(userId, "utf8").toString("hex");
export const exportKey = (userId: string, exportId: string) => `u/${hexOf(userId)}/${exportId}.zip`;
export const downloadPath = (exportId: string) => `/api/account/export/${exportId}/download`;

function progressWriter(
  deps: BuildDeps,
  exportId: string,
  total: number,
): Progress & { done(): number } {
  let done = 0;
  let stage: ExportStage = "profile.json";
  let writtenAt = 0;
  const write = async () => {
    writtenAt = Date.now();
    await writeProgress(deps.db, exportId, { stage, itemsDone: done, itemsTotal: total });
  };
  return {
    async stage(next) {
      stage = next;
      await write();
    },
    async count(items) {
      done += items;
      if (Date.now() - writtenAt >= PROGRESS_EVERY_MS) await write();
    },
    done: () => done,
  };
}

export async function buildExport(deps: BuildDeps, { exportId }: { exportId: string }) {
  const row = await claimBuild(deps.db, exportId, new Date(), BUILD_STALE_MS);
  if (!row) {
    const current = await findExport(deps.db, exportId);
    if (current?.status === "building")
      throw new BuildInProgress("the export is being built elsewhere");
    // Ready, failed or swept already: nothing left to do.
    return;
  }
  const key = exportKey(row.userId, exportId);
  const progress = progressWriter(deps, exportId, await countItems(deps.db, row.userId));
  const zip = new ZipWriter(deps.exports, key);
  let sizeBytes: number;
  try {
    await writeArchive(deps, { userId: row.userId, zip, progress, now: new Date() });
    sizeBytes = await zip.close();
  } catch (error) {
    await zip.abort(error);
    await releaseBuild(deps.db, exportId);
    throw error;
  }

  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_VALID_DAYS * DAY_MS);
  const marked = await deps.outbox.transaction(async (tx, fx) => {
    const ok = await markReady(tx, exportId, {
      objectKey: key,
      sizeBytes,
      readyAt,
      expiresAt,
      items: progress.done(),
    });
    if (!ok) return false;
    const to = await signUpAddressOf(tx, row.userId);
    if (to) {
      fx.mail(
        exportReadyMail({
          siteName: deps.config.siteName,
          to,
          link: `${deps.config.publicUrl}${downloadPath(exportId)}`,
          expiresAt,
        }),
      );
    }
    return true;
  });
  // Swept while it was built (the person is gone, or it was failed as stale): the file goes too.
  if (!marked) await deps.exports.delete(key);
}
