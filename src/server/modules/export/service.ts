// 'Download my data' use-cases (docs/accounts.md "Your data"): asking for an export (one building
// at a time, one new export a day), its state for the page's poll, and the download, which only
// its owner, signed in, gets: anyone else is told it does not exist.
import type { Readable } from "node:stream";
import {
  EXPORT_EVERY_HOURS,
  type ExportStage,
  type ExportStateResponse,
  type ExportView,
  exportFileName,
} from "../../../domain/contracts/export";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { tooManyRequests } from "../../errors";
import { missing, requireOwnThing } from "../../policy/access";
import { downloadPath } from "./builder";
import {
  type ExportRow,
  findExport,
  insertExport,
  lastCountedRequestOf,
  latestExportOf,
} from "./queries";

export type ExportDeps = Pick<AppContext, "db" | "outbox" | "exports" | "config">;

const EVERY_MS = EXPORT_EVERY_HOURS * 3_600_000;

function toView(row: ExportRow): ExportView {
  const ready = row.status === "ready";
  return {
    id: row.id,
    status: row.status as ExportView["status"],
    requestedAt: row.requestedAt.toISOString(),
    progress: {
      done: Math.min(row.itemsDone, row.itemsTotal),
      total: row.itemsTotal,
      stage: (row.stage as ExportStage | null) ?? null,
    },
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: ready ? row.sizeBytes : null,
    downloadUrl: ready ? downloadPath(row.id) : null,
  };
}

/** When the person may next ask, or null when they may now. */
async function nextRequestAt(
  db: ExportDeps["db"],
  userId: string,
  now: Date,
): Promise<Date | null> {
  const last = await lastCountedRequestOf(db, userId);
  const next = last ? new Date(last.getTime() + EVERY_MS) : null;
  return next && next > now ? next : null;
}

export async function exportState(
  deps: ExportDeps,
  { viewerId, now }: { viewerId: string; now: Date },
): Promise<ExportStateResponse> {
  const latest = await latestExportOf(deps.db, viewerId, now);
  const next = latest?.status === "building" ? null : await nextRequestAt(deps.db, viewerId, now);
  return { export: latest ? toView(latest) : null, nextRequestAt: next?.toISOString() ?? null };
}

/**
 * Starts an export, built by the outbox worker (`export.build`); while one is building, asking
 * again answers that one. A new one is refused (429) within a day of the last that did not fail.
 */
export async function requestExport(
  deps: ExportDeps,
  { viewerId, now }: { viewerId: string; now: Date },
): Promise<ExportStateResponse> {
  await deps.outbox.transaction(async (tx, fx) => {
    const latest = await latestExportOf(tx, viewerId, now);
    if (latest?.status === "building") return;
    const next = await nextRequestAt(tx, viewerId, now);
    if (next) {
      const seconds = Math.ceil((next.getTime() - now.getTime()) / 1000);
      throw tooManyRequests(
        seconds,
        ERROR_CODES.rateLimited,
        "You can ask for a copy of your data once a day. Please try again later.",
      );
    }
    // Nothing when a request at the same moment started one: that one is answered below.
    const created = await insertExport(tx, viewerId, now);
    if (created) fx.buildExport(created.id);
  });
  return exportState(deps, { viewerId, now });
}

export interface ExportDownload {
  body: Readable;
  size: number;
  fileName: string;
}

/** The zip, for its owner while it is ready and unexpired; 404 for everyone and everything else. */
export async function openDownload(
  deps: ExportDeps,
  { viewerId, exportId, now }: { viewerId: string | null; exportId: string; now: Date },
): Promise<ExportDownload> {
  const row = viewerId === null ? undefined : await findExport(deps.db, exportId);
  if (!row) throw missing("data export");
  requireOwnThing({ viewerId, ownerId: row.userId, thing: "data export" });
  if (
    row.status !== "ready" ||
    !row.objectKey ||
    !row.readyAt ||
    (row.expiresAt && row.expiresAt <= now)
  ) {
    throw missing("data export");
  }
  const object = await deps.exports.getStream(row.objectKey);
  if (!object) throw missing("data export");
  return {
    body: object.body,
    size: object.size,
    fileName: exportFileName(deps.config.siteName, row.readyAt),
  };
}
