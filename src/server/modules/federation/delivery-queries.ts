// The SQL of deliveries per server and of the servers moderators see (docs/federation.md
// "Deliveries per server").
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { fedDeliveryHealth } from "../../db/schema/federation-delivery";

export type DeliveryOutcome = "delivered" | "failing" | "failed";

/** One delivery's outcome added to its server's row: one statement, so instances stay exact. */
export async function recordDelivery(
  db: Db,
  { host, outcome, error }: { host: string; outcome: DeliveryOutcome; error: string | null },
): Promise<void> {
  const now = new Date();
  const erred = outcome !== "delivered";
  await db
    .insert(fedDeliveryHealth)
    .values({
      host,
      [outcome]: 1,
      lastDeliveredAt: erred ? null : now,
      lastError: erred ? error : null,
      lastErrorAt: erred ? now : null,
    })
    .onConflictDoUpdate({
      target: fedDeliveryHealth.host,
      set: erred
        ? {
            [outcome]: sql`${fedDeliveryHealth[outcome]} + 1`,
            lastError: error,
            lastErrorAt: now,
          }
        : { delivered: sql`${fedDeliveryHealth.delivered} + 1`, lastDeliveredAt: now },
    });
}

export interface ServerRow {
  host: string;
  /** Counts, as the driver answers a bigint (a string or a number). */
  people: number | string;
  delivered: number | string;
  failing: number | string;
  failed: number | string;
  last_delivered_at: Date | string | null;
  last_error: string | null;
  last_error_at: Date | string | null;
  severity: string | null;
  note: string | null;
  blocked_at: Date | string | null;
}

/** Every server we know of — where people we know live, where we delivered, what is blocked —
 * with its figures, by name. */
export function knownServers(db: Db, limit: number): Promise<ServerRow[]> {
  return queryRows<ServerRow>(
    db,
    sql`with people as (
          select host, count(*) as people from fed_actors group by host
        ), hosts as (
          select host from people
          union select host from fed_delivery_health
          union select host from fed_domain_blocks
        )
        select h.host, coalesce(p.people, 0) as people,
          coalesce(d.delivered, 0) as delivered, coalesce(d.failing, 0) as failing,
          coalesce(d.failed, 0) as failed, d.last_delivered_at, d.last_error,
          d.last_error_at, b.severity, b.note, b.created_at as blocked_at
        from hosts h
        left join people p on p.host = h.host
        left join fed_delivery_health d on d.host = h.host
        left join fed_domain_blocks b on b.host = h.host
        order by h.host
        limit ${limit}`,
  );
}
