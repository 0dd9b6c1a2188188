// Moderators' decisions about whole servers (docs/federation.md "Domain blocks"). Suspending a
// server forgets everything of it here in the same transaction (its people's follows either way
// with their counters, their posts and replies), refuses its activities at the door and sends it
// nothing; silencing hides its replies on our posts and its people's posts boosted to readers who
// do not follow them; rejecting media fetches none of its images (remote-media.ts).
import type { DomainBlockView } from "../../../domain/contracts/federation";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireModerator } from "../../policy/roles";
import { forgetActor } from "./actor-deleted";
import {
  actorIdsOnHost,
  type DomainSeverity,
  deleteDomainBlock,
  listDomainBlocks,
  putDomainBlock,
} from "./block-queries";
import { forgetSuspension } from "./suspended-hosts";

type Deps = Pick<AppContext, "db" | "outbox" | "config">;

const present = (row: { host: string; severity: string; note: string; createdAt: Date }) => ({
  host: row.host,
  severity: row.severity as DomainSeverity,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

export async function domainBlocks(
  deps: Deps,
  viewerId: string,
): Promise<{ items: DomainBlockView[] }> {
  await requireModerator(deps, viewerId);
  return { items: (await listDomainBlocks(deps.db)).map(present) };
}

export async function blockDomain(
  deps: Deps,
  input: { viewerId: string; host: string; severity: DomainSeverity; note: string },
): Promise<{ items: DomainBlockView[] }> {
  await requireModerator(deps, input.viewerId);
  await deps.outbox.transaction(async (tx, fx) => {
    await putDomainBlock(tx, { host: input.host, severity: input.severity, note: input.note });
    if (input.severity !== "suspend") return;
    for (const actorId of await actorIdsOnHost(tx, input.host)) await forgetActor(tx, fx, actorId);
  });
  forgetSuspension(deps.db, input.host);
  return domainBlocks(deps, input.viewerId);
}

export async function unblockDomain(
  deps: Deps,
  { viewerId, host }: { viewerId: string; host: string },
): Promise<{ items: DomainBlockView[] }> {
  await requireModerator(deps, viewerId);
  if (!(await deleteDomainBlock(deps.db, host))) throw notFound("That server is not blocked.");
  forgetSuspension(deps.db, host);
  return domainBlocks(deps, viewerId);
}
