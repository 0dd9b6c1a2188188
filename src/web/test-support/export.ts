// The data export API of one viewer for the fetch stub of posts.tsx (docs/accounts.md "Your
// data"): asking starts a build that is ready after `pollsToReady` polls, as the server's worker
// would finish it.
import type { ExportStateResponse, ExportView } from "../../domain/contracts/export";
import { json, type Route } from "./posts";

export function exportView(overrides: Partial<ExportView> = {}): ExportView {
  return {
    id: "0b6f2d0e-6c1a-4c1e-9d55-3f1f3f2b9a01",
    status: "building",
    requestedAt: "2026-11-25T12:00:00.000Z",
    progress: { done: 0, total: 0, stage: null },
    readyAt: null,
    expiresAt: null,
    sizeBytes: null,
    downloadUrl: null,
    ...overrides,
  };
}

export const readyExport = (overrides: Partial<ExportView> = {}) =>
  exportView({
    status: "ready",
    progress: { done: 1200, total: 1200, stage: null },
    readyAt: "2026-11-25T12:01:00.000Z",
    expiresAt: "2026-12-02T12:01:00.000Z",
    sizeBytes: 52_428_800,
    downloadUrl: "/api/account/export/0b6f2d0e-6c1a-4c1e-9d55-3f1f3f2b9a01/download",
    ...overrides,
  });

export interface ExportState {
  current: ExportStateResponse;
  /** Polls of a building export before it reads as ready. */
  pollsToReady: number;
  /** The answer to a request, when it is refused. */
  refusal?: Response;
}

export function exportApi(state: ExportState): Route {
  return ({ method, path }) => {
    if (path !== "/api/account/export") return undefined;
    if (method === "POST") {
      if (state.refusal) return state.refusal;
      state.current = {
        export: exportView({ progress: { done: 300, total: 1200, stage: "posts.json" } }),
        nextRequestAt: null,
      };
      return json(state.current, 202);
    }
    if (state.current.export?.status === "building") {
      state.pollsToReady -= 1;
      if (state.pollsToReady <= 0) {
        state.current = {
          export: readyExport(),
          nextRequestAt: "2026-11-26T12:00:00.000Z",
        };
      }
    }
    return json(state.current);
  };
}
