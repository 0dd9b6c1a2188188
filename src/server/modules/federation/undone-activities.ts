// Activities from elsewhere whose Undo came first (docs/federation.md "Activity from elsewhere"): a
// server retries each delivery on its own, so an activity's delivery retried behind its Undo arrives
// after it. The Undo keeps the undone activity's id a day in the federation's key-value table, as
// long as the library keeps the id of an activity it has handled; the activity arriving afterwards is
// then ignored. A new activity has a new id and counts as ever.
import type { Db } from "../../db/client";
import { kvGet, kvSet } from "./store-queries";

const UNDONE_KEPT_MS = 24 * 60 * 60 * 1000;

export type UndoneKind = "announce" | "like" | "follow";

const keyOf = (kind: UndoneKind, id: URL) => JSON.stringify([`undone-${kind}`, id.href]);

/** Keeps the id of an activity of `kind` that an Undo names; one without an id is not kept. */
export async function rememberUndone(db: Db, kind: UndoneKind, id: URL | null): Promise<void> {
  if (id) await kvSet(db, { key: keyOf(kind, id), value: true, ttlMs: UNDONE_KEPT_MS });
}

/** Whether an Undo of the activity of `kind` with this id came in the last day. */
export async function wasUndone(db: Db, kind: UndoneKind, id: URL | null): Promise<boolean> {
  return id != null && (await kvGet(db, keyOf(kind, id))) != null;
}
