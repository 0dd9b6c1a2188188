// The search budget (docs/search.md "Search budget"): every page of people cards the advanced
// search answers spends one page from the account's hour and day, smaller while the account is
// under 30 days old, so one account cannot read the membership's attributes wholesale; and
// walking many distinct filter sets fast is logged and counted, never refused. The counters are
// the app's rate limits (infra/rate-limit.ts): in memory, or in Redis shared by every instance.
import { createHash } from "node:crypto";
import type { SearchFilters } from "../../../domain/search-filters";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { LIMITS } from "../../infra/rate-limit";
import { isNewAccount } from "../../policy/new-accounts";
import { accountCreatedAt } from "../auth/accounts";

/** An account younger than this has the smaller ceilings. */
export const NEW_ACCOUNT_DAYS = 30;

/**
 * More distinct filter sets than this from one account within one 10-minute window (the window
 * of LIMITS.searchFilterSets) is a walk: one refines a search a few times, a scraper splitting the
 * membership into slices (age by age, state by state) needs hundreds.
 */
export const FILTER_WALK_SETS = 40;

/** The pages an account may read in an hour and in a day. */
export function pageCeilings(
  budget: Config["searchBudget"],
  createdAt: Date | null,
  now: Date,
): { hour: number; day: number } {
  const who = isNewAccount(createdAt, now, NEW_ACCOUNT_DAYS) ? "newAccount" : "others";
  return { hour: budget.hour[who], day: budget.day[who] };
}

/** One name for one filter set, whatever the order of its keys and list values: a hash, so
 * neither logs nor Redis hold what was searched for. */
export function filterSetKey(filters: SearchFilters): string {
  const entries = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash("sha256").update(JSON.stringify(entries)).digest("base64url").slice(0, 22);
}

type BudgetContext = Pick<AppContext, "db" | "config" | "limits" | "log" | "metrics">;

/** When each recent searcher's account was made, which never changes: a page need not read it
 * again. Bounded; the oldest entry leaves first. */
const createdAtOf = new Map<string, Date>();
const CREATED_AT_KEPT = 10_000;

async function searcherCreatedAt(db: BudgetContext["db"], viewerId: string): Promise<Date | null> {
  const known = createdAtOf.get(viewerId);
  if (known) return known;
  const created = await accountCreatedAt(db, viewerId);
  if (!created) return null;
  if (createdAtOf.size >= CREATED_AT_KEPT) {
    createdAtOf.delete(createdAtOf.keys().next().value as string);
  }
  createdAtOf.set(viewerId, created);
  return created;
}

/** Notes a filter set the account searched; past FILTER_WALK_SETS distinct ones in the window,
 * one warning line and one count, the first time it is crossed. */
async function noteFilterSet(ctx: BudgetContext, viewerId: string, filterSet: string) {
  const seen = await ctx.limits.record("searchFilterSetSeen", `${viewerId}:${filterSet}`);
  if (seen !== 1) return;
  const sets = await ctx.limits.record("searchFilterSets", viewerId);
  if (sets !== FILTER_WALK_SETS + 1) return;
  ctx.metrics.searchFilterWalks.inc();
  ctx.log.warn(
    { userId: viewerId, filterSets: sets, windowMinutes: LIMITS.searchFilterSets.duration / 60 },
    "people search: many distinct filter sets from one account",
  );
}

/**
 * Spends one page of the viewer's budget, or throws the 429 (with Retry-After) once the hour's or
 * the day's is spent. A refused page counts too, so hammering does not end the wait sooner.
 */
export async function spendSearchPage(
  ctx: BudgetContext,
  input: { viewerId: string; filterSet: string; now?: Date },
): Promise<void> {
  const created = await searcherCreatedAt(ctx.db, input.viewerId);
  const ceilings = pageCeilings(ctx.config.searchBudget, created, input.now ?? new Date());
  await ctx.limits.consumeWithin("searchPagesPerHour", input.viewerId, ceilings.hour);
  await ctx.limits.consumeWithin("searchPagesPerDay", input.viewerId, ceilings.day);
  await noteFilterSet(ctx, input.viewerId, input.filterSet);
}
