// A year's transparency report as the API answers it (docs/safety.md "Transparency report"), for
// the web tests: every reason, kind and rule listed, counts from `overrides` or 0.
import type { TransparencyReport } from "../../domain/contracts/transparency";

export function makeTransparencyReport(
  year: number,
  overrides: {
    reasons?: Partial<Record<string, number>>;
    kinds?: Partial<Record<string, number>>;
    rules?: Partial<Record<string, number>>;
    flags?: { in: number; out: number };
    median?: { seconds: number; label: string } | null;
    closed?: number;
    appeals?: TransparencyReport["appeals"];
    suspensions?: TransparencyReport["suspensions"];
    statement?: string | null;
    live?: boolean;
  } = {},
): TransparencyReport {
  const reasons = ["spam", "harassment", "impersonation", "nudity", "violence", "other"] as const;
  const kinds = ["dismiss", "remove", "restrict", "suspend", "restore"] as const;
  const byReason = reasons.map((reason) => ({ reason, count: overrides.reasons?.[reason] ?? 0 }));
  const byKind = kinds.map((kind) => ({ kind, count: overrides.kinds?.[kind] ?? 0 }));
  const sum = (rows: { count: number }[]) => rows.reduce((n, row) => n + row.count, 0);
  return {
    year,
    from: `${year}-01-01T00:00:00.000Z`,
    to: `${year + 1}-01-01T00:00:00.000Z`,
    live: overrides.live ?? false,
    countedAt: `${year + 1}-01-02T10:00:00.000Z`,
    reports: {
      received: sum(byReason),
      byReason,
      fromOtherServers: overrides.flags?.in ?? 0,
      aboutOtherServers: overrides.flags?.out ?? 0,
      closed: overrides.closed ?? 0,
      medianTimeToAction: overrides.median ?? null,
    },
    actions: {
      total: sum(byKind),
      byKind,
      byRule: [...reasons, null].map((rule) => ({
        rule,
        count: overrides.rules?.[rule ?? "none"] ?? 0,
      })),
    },
    appeals: overrides.appeals ?? { received: 0, approved: 0, rejected: 0, openAtYearEnd: 0 },
    suspensions: overrides.suspensions ?? { suspended: 0, suspendedAtYearEnd: 0 },
    statement: overrides.statement
      ? { text: overrides.statement, updatedAt: `${year + 1}-01-05T10:00:00.000Z` }
      : null,
  };
}
