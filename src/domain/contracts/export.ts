// Request and response shapes of /api/account/export (docs/accounts.md "Your data"): asking for a
// copy of one's data, following its progress, and the download. Shared by server and browser.
import { z } from "zod";

/** A ready export's link works this long. */
export const EXPORT_VALID_DAYS = 7;
/** A new export may be asked for once this long after the last one (a failed one does not count). */
export const EXPORT_EVERY_HOURS = 24;

export const EXPORT_STATUSES = ["building", "ready", "failed"] as const;

/** The files of an export, in the order they are written (README.txt describes each). */
export const EXPORT_STAGES = [
  "profile.json",
  "posts.json",
  "comments.json",
  "likes.json",
  "bookmarks.json",
  "reposts.json",
  "following.csv",
  "followers.csv",
  "mail.mbox",
  "media",
  "README.txt",
] as const;
export type ExportStage = (typeof EXPORT_STAGES)[number];

export const exportView = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  requestedAt: z.string(),
  /** Rows and files written so far, of `total` (counted when the build starts; 0 before). */
  progress: z.object({
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    stage: z.enum(EXPORT_STAGES).nullable(),
  }),
  readyAt: z.string().nullable(),
  /** After this the link answers 404 and the file is deleted. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().min(0).nullable(),
  /** Only while ready; works for the signed-in owner only. */
  downloadUrl: z.string().nullable(),
});
export type ExportView = z.infer<typeof exportView>;

/** The person's latest export (null when none is kept), and when they may ask for a new one
 * (null: now). */
export const exportStateResponse = z.object({
  export: exportView.nullable(),
  nextRequestAt: z.string().nullable(),
});
export type ExportStateResponse = z.infer<typeof exportStateResponse>;

export const exportIdParams = z.object({ exportId: z.uuid() });

/** The zip's file name: `{site}-data-2026-11-25.zip`. */
export const exportFileName = (siteName: string, readyAt: Date) =>
  `${siteName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-data-${readyAt.toISOString().slice(0, 10)}.zip`;
