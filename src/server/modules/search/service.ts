// Advanced people search (spec-2 §2, §4, §7, §8; docs/search.md): the filter object, a page in
// the chosen order from the search engine (the in-memory profile index or PostgreSQL), the
// 'Found N' count on the first page, and the newest profiles for local mode.
import { z } from "zod";
import { audiencesOf, visibleAttributes } from "../../../domain/audiences";
import { RECENT_PROFILES, type SearchResult } from "../../../domain/contracts/search";
import { DISTANCE_BUCKETS } from "../../../domain/distance-buckets";
import { ERROR_CODES } from "../../../domain/error-codes";
import { SEARCH_SORTS, type SearchSort } from "../../../domain/search-fields";
import { SEARCH_COUNT_CAP, type SearchFilters } from "../../../domain/search-filters";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { standingFrom } from "../../policy/viewer-relation";
import { cityAreas } from "../cities/city-areas";
import type { Point } from "../cities/distance";
import { personWith } from "../profiles/person";
import { BadDistanceCursor } from "./index/index-distance";
import type { IndexCursor, IndexPage } from "./index/types";
import { newestProfiles, readResults, type SearchRow } from "./queries";
import { filterSetKey, spendSearchPage } from "./search-budget";
import { invalidCursor, openCursor, sealCursor } from "./search-cursor";

const cursorSchema = z.object({
  sort: z.enum(SEARCH_SORTS),
  key: z.string().max(300),
  id: z.string().min(1).max(64),
});

/** By name the key is the lower-cased name; newest, the time joined; by distance, the band and
 * the name: `band|name` (docs/search.md "Pages"). */
function keyFits(sort: SearchSort, key: string): boolean {
  if (sort === "newest") return !Number.isNaN(Date.parse(key));
  if (sort === "distance") return /^\d\|/.test(key);
  return true;
}

function decodeSearchCursor(raw: string | undefined, sort: SearchSort): IndexCursor | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success || parsed.data.sort !== sort || !keyFits(sort, parsed.data.key)) {
    throw invalidCursor();
  }
  return { key: parsed.data.key, id: parsed.data.id };
}

const encodeSearchCursor = (cursor: { sort: SearchSort } & IndexCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** A result card with the attributes the viewer may see (docs/profiles-and-media.md "Who sees
 * what"): a hidden city hides the distance too, which is only ever a band (docs/search.md
 * "Distance"). */
function present(
  row: SearchRow,
  viewer: { id: string; friends: ReadonlySet<string> },
  band: number | null,
): SearchResult {
  const shown = visibleAttributes(
    { state: row.state, city: row.city, age: row.age, height: row.height, kids: row.kids },
    audiencesOf(row.audiences),
    standingFrom(viewer.id, row.userId, viewer.friends.has(row.userId)),
  );
  return personWith(row, {
    about: row.about,
    state: shown.state,
    city: shown.city,
    age: shown.age,
    height: shown.height,
    kids: shown.kids,
    following: Boolean(row.following),
    distance: band === null || shown.city === null ? null : (DISTANCE_BUCKETS[band] ?? null),
  });
}

/** The chosen city's coordinates from the server's own index: 400 when it is not a known city. */
function placeOf(ctx: Pick<AppContext, "cities">, filters: SearchFilters): Point | null {
  if (filters.withinMiles === undefined && filters.sort !== "distance") return null;
  const label = filters.city ?? "";
  const match = ctx.cities.search(label, 10).find((c) => `${c.city}, ${c.state}` === label);
  if (!match) {
    const message = "Please select a valid U.S. city";
    throw badRequest(ERROR_CODES.validation, message, { city: [message] });
  }
  return { lat: match.lat, lng: match.lng };
}

/** One page: the search engine picks the people and counts (docs/search.md "Search engines"),
 * PostgreSQL reads them fresh; a valid request spends a page of the viewer's search budget
 * ("Search budget") before anything is read. */
export async function searchPeopleByFilters(
  ctx: Pick<
    AppContext,
    "db" | "cities" | "searchIndex" | "relations" | "config" | "limits" | "log" | "metrics"
  >,
  input: { viewerId: string; filters: SearchFilters; limit: number; cursor?: string | undefined },
) {
  const sort = input.filters.sort ?? "name";
  const place = placeOf(ctx, input.filters);
  const filterSet = filterSetKey(input.filters);
  const seal = { secret: ctx.config.sessionSecret, viewerId: input.viewerId, filterSet };
  const walk = openCursor(input.cursor, seal);
  const after = decodeSearchCursor(walk.position, sort);
  await spendSearchPage(ctx, { viewerId: input.viewerId, filterSet });
  const [blocked, friends] = await Promise.all([
    ctx.relations.blockedWith(input.viewerId),
    ctx.relations.friendsOf(input.viewerId),
  ]);
  const viewer = { id: input.viewerId, friends };
  let found: IndexPage;
  try {
    found = await ctx.searchIndex.page({
      filters: input.filters,
      place,
      areas: cityAreas(),
      sort,
      excluded: blocked,
      viewer,
      after,
      take: input.limit + 1,
      countUpTo: after ? null : SEARCH_COUNT_CAP + 1,
    });
  } catch (error) {
    if (error instanceof BadDistanceCursor) throw invalidCursor();
    throw error;
  }
  const page = found.hits.slice(0, input.limit);
  const rows = new Map(
    (await readResults(ctx.db, { ids: page.map((h) => h.userId), viewerId: input.viewerId })).map(
      (row) => [row.userId, row],
    ),
  );
  const last = page.at(-1);
  return {
    items: page.flatMap((hit) => {
      const row = rows.get(hit.userId);
      return row ? [present(row, viewer, hit.band)] : [];
    }),
    nextCursor:
      found.hits.length > input.limit && last
        ? sealCursor(
            encodeSearchCursor({ sort, key: last.key, id: last.userId }),
            walk.pagesRead + 1,
            seal,
          )
        : null,
    // 'Found N' on the first page: exact up to the cap, then '1,000+' (docs/search.md "Count").
    total:
      found.count === null
        ? null
        : {
            count: Math.min(found.count, SEARCH_COUNT_CAP),
            capped: found.count > SEARCH_COUNT_CAP,
          },
  };
}

export async function recentProfiles(ctx: Pick<AppContext, "db" | "relations">, viewerId: string) {
  const [rows, friends] = await Promise.all([
    newestProfiles(ctx.db, { viewerId, limit: RECENT_PROFILES }),
    ctx.relations.friendsOf(viewerId),
  ]);
  const viewer = { id: viewerId, friends };
  return { items: rows.map((row) => present(row, viewer, null)) };
}
