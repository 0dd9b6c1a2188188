// The servers moderators see (docs/federation.md "Deliveries per server"): every server where people we know
// live, where we delivered or that is blocked, with how our deliveries to it fare.
import type { FederationServerView } from "../../../domain/contracts/federation";
import type { AppContext } from "../../context";
import { requireModerator } from "../../policy/roles";
import type { DomainSeverity } from "./block-queries";
import { knownServers, type ServerRow } from "./delivery-queries";

/** Servers listed at once, by name. */
const SERVERS_SHOWN = 500;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function present(row: ServerRow): FederationServerView {
  return {
    host: row.host,
    people: Number(row.people),
    delivered: Number(row.delivered),
    failing: Number(row.failing),
    failed: Number(row.failed),
    lastDeliveredAt: iso(row.last_delivered_at),
    lastError: row.last_error,
    lastErrorAt: iso(row.last_error_at),
    block:
      row.severity === null
        ? null
        : {
            host: row.host,
            severity: row.severity as DomainSeverity,
            note: row.note ?? "",
            createdAt: iso(row.blocked_at) ?? "",
          },
  };
}

export async function federationServers(
  deps: Pick<AppContext, "db" | "config">,
  viewerId: string,
): Promise<{ items: FederationServerView[] }> {
  await requireModerator(deps, viewerId);
  return { items: (await knownServers(deps.db, SERVERS_SHOWN)).map(present) };
}
