// Reports that cross servers (docs/federation.md "Reports"). Another server's `Flag` of our people
// or posts waits for our moderators with what it names; one of our people may report someone
// elsewhere (with some of their posts that reached us), which our moderators see too and which,
// when they ask, goes to that person's server as a `Flag` from this server's instance actor, so the
// reporter is not named there.
import { randomUUID } from "node:crypto";
import type { InboxContext } from "@fedify/fedify";
import type { Flag } from "@fedify/vocab";
import { REPORT_REASON_LABELS, type ReportReason } from "../../../domain/report-reasons";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireModerator } from "../../policy/roles";
import type { FederationDeps } from "./deps";
import { closeFlag, insertFlag, openFlags } from "./flag-queries";
import { htmlText } from "./html-text";
import { INSTANCE_ACTOR } from "./instance-actor";
import { noteUrisOf } from "./note-queries";
import { actorById } from "./queries";

/** Open reports a moderator sees at once, newest first. */
const FLAGS_SHOWN = 200;

const reportNotFound = () => notFound("Report not found");

/** Another server's Flag: kept when it names at least one of our people or posts. */
export async function flaggedFromElsewhere(
  deps: Pick<AppContext, "db">,
  ctx: InboxContext<void>,
  flag: Flag,
): Promise<void> {
  if (!flag.id || !flag.actorId) return;
  const ours = flag.objectIds.filter((uri) => {
    const parsed = ctx.parseUri(uri);
    return (
      (parsed?.type === "actor" && parsed.identifier !== INSTANCE_ACTOR) ||
      parsed?.type === "object"
    );
  });
  if (ours.length === 0) return;
  await insertFlag(deps.db, {
    direction: "in",
    flagUri: flag.id.href,
    reporter: flag.actorId.href,
    host: flag.actorId.host,
    objects: ours.map((uri) => uri.href),
    content: htmlText(flag.content?.toString() ?? "").slice(0, 2_000),
  });
}

/** One of our people reports someone elsewhere. */
export async function reportElsewhere(
  deps: FederationDeps,
  input: {
    viewerId: string;
    id: string;
    reason: ReportReason;
    details: string;
    noteIds: string[];
    forward: boolean;
  },
): Promise<{ ok: true }> {
  const actor = await actorById(deps.db, input.id);
  if (!actor) throw notFound("We could not find that person on their server.");
  const notes = await noteUrisOf(deps.db, { actorId: actor.id, ids: input.noteIds });
  const flagUri = new URL(`/ap/flags/${randomUUID()}`, deps.config.publicUrl).href;
  const content = [REPORT_REASON_LABELS[input.reason], input.details].filter(Boolean).join(": ");
  await deps.outbox.transaction(async (tx, fx) => {
    const kept = await insertFlag(tx, {
      direction: "out",
      flagUri,
      reporter: new URL(`/ap/users/${input.viewerId}`, deps.config.publicUrl).href,
      host: actor.host,
      objects: [actor.uri, ...notes],
      content,
    });
    if (kept && input.forward) fx.federate({ kind: "flag", flagUri });
  });
  return { ok: true };
}

export async function reportsAcrossServers(deps: FederationDeps, viewerId: string) {
  await requireModerator(deps, viewerId);
  const rows = await openFlags(deps.db, FLAGS_SHOWN);
  return {
    items: rows.map((row) => ({
      id: row.id,
      direction: row.direction as "in" | "out",
      reporter: row.reporter,
      host: row.host,
      objects: row.objects,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function closeReportAcrossServers(
  deps: FederationDeps,
  { viewerId, id }: { viewerId: string; id: string },
) {
  await requireModerator(deps, viewerId);
  if (!(await closeFlag(deps.db, id))) throw reportNotFound();
  return reportsAcrossServers(deps, viewerId);
}
