// The search budget through the real HTTP app (docs/search.md "Search budget"): one account paging
// through a broad search is refused with 429 exactly at its budget, at the real figures and at
// figures set through the app's config; a search stops at page 20 with a 400; a refusal changes
// nothing else; many distinct filter sets fast are logged and counted in /metrics.
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const METRICS_TOKEN = "metrics-token-for-the-budget-test";
const CROWD = 30;
const BUDGET_REFUSAL =
  /^You have looked through a lot of search results\. You can search again in \d+ minutes?\.$/;

let real: TestApp;
let small: TestApp;
const logLines: { level: number; msg?: string; userId?: string; filterSets?: number }[] = [];

/** `CROWD` people named 'Budget Crowd', so a broad search has more than 20 pages of one. */
async function addCrowd(t: TestApp) {
  await t.database.db.execute(sql`
    with made as (
      insert into users (id, name, email, email_verified)
      select 'budget-' || n, 'Budget Crowd', 'budget' || n || '@example.com', true
      from generate_series(1, ${CROWD}::int) n
      returning id
    )
    insert into profiles (user_id, default_username, full_name, email_address, chtcht_email, age)
    select id, id, 'Budget Crowd', id || '@example.com', id || '@chtcht.local', 30 from made`);
}

/** An account made `days` ago, as far as the budget can tell. */
async function madeDaysAgo(t: TestApp, who: TestAccount, days: number) {
  await t.database.db.execute(
    sql`update users set created_at = now() - make_interval(days => ${days}) where id = ${who.userId}`,
  );
}

const page = (t: TestApp, who: TestAccount, query: string, cursor?: string | null) =>
  inject(
    t,
    who,
    "GET",
    `/api/search/profiles?${query}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
  );

/** Reads `pages` pages of `query` in a row, each answered 200; the last page's cursor. */
async function walk(t: TestApp, who: TestAccount, query: string, pages: number) {
  let cursor: string | null = null;
  for (let i = 1; i <= pages; i++) {
    const res = await page(t, who, query, cursor);
    expect(res.statusCode, `page ${i} of ${query}: ${res.body}`).toBe(200);
    cursor = res.json().nextCursor;
  }
  return cursor;
}

beforeAll(async () => {
  const logger = pino(
    { level: "warn" },
    { write: (line: string) => logLines.push(JSON.parse(line)) },
  );
  real = await createTestApp({ METRICS_TOKEN }, { logger });
  small = await createTestApp({ SEARCH_PAGES_PER_HOUR: "5,8", SEARCH_PAGES_PER_DAY: "6,10" });
  await Promise.all([addCrowd(real), addCrowd(small)]);
}, 60_000);
afterAll(async () => {
  await real?.close();
  await small?.close();
});

describe("the search budget at its real figures", () => {
  it("stops a search after page 20 with a 400 that says why, and spends nothing on it", async () => {
    const scraper = await createAccount(real, { fullName: "Deep Reader" });
    const cursor = await walk(real, scraper, "q=budget", 20);
    expect(cursor).not.toBeNull();
    const deep = await page(real, scraper, "q=budget", cursor);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toMatchObject({
      code: "validation_error",
      message:
        "Search shows the first 20 pages of results. Add a filter or change the text to see other people.",
    });
    // The cursor is the search's own: with other filters, or lowered by hand, it is refused.
    expect((await page(real, scraper, "q=budget&ageMin=20", cursor)).json().error.message).toBe(
      "Invalid cursor",
    );
    const forged = (cursor as string).replace(/\.20\./, ".2.");
    expect((await page(real, scraper, "q=budget", forged)).json().error.message).toBe(
      "Invalid cursor",
    );
    // Those 400s spent nothing: 80 more pages are still there (100 an hour for a new account).
    for (const query of ["q=budget&sort=newest", "q=crowd", "q=crowd&sort=newest", "q=budg"]) {
      await walk(real, scraper, query, 20);
    }
    const over = await page(real, scraper, "q=budget");
    expect(over.statusCode).toBe(429);
  });

  it("refuses a new account's 101st page of an hour with 429, Retry-After and the API's error shape", async () => {
    const scraper = await createAccount(real, { fullName: "Broad Reader" });
    for (const sort of ["name", "newest"]) {
      for (const ageMin of [18, 19, 20, 21, 22])
        await walk(real, scraper, `sort=${sort}&ageMin=${ageMin}`, 10);
    }
    const refused = await page(real, scraper, "sort=name&ageMin=23");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      error: expect.objectContaining({
        code: "rate_limited",
        message: expect.stringMatching(BUDGET_REFUSAL),
        retryAfter,
      }),
    });
    // A later cursor of an admitted search is refused the same way.
    expect((await page(real, scraper, "sort=name&ageMin=18")).statusCode).toBe(429);
  });

  it("counts an established account's pages against 500 an hour", async () => {
    const reader = await createAccount(real, { fullName: "Old Reader" });
    await madeDaysAgo(real, reader, 30);
    for (let ageMin = 18; ageMin < 18 + 6; ageMin++)
      await walk(real, reader, `ageMin=${ageMin}`, 20);
    // 120 pages: past a new account's 100, well inside the 500.
    expect((await page(real, reader, "ageMin=40")).statusCode).toBe(200);
  });

  it("logs and counts an account that searches more than 40 distinct filter sets in 10 minutes, once", async () => {
    const walker = await createAccount(real, { fullName: "Filter Walker" });
    for (let ageMin = 18; ageMin <= 62; ageMin++) {
      expect((await page(real, walker, `ageMin=${ageMin}`)).statusCode).toBe(200);
    }
    const warnings = logLines.filter((line) => line.userId === walker.userId);
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "people search: many distinct filter sets from one account",
        filterSets: 41,
      }),
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/budget|crowd/i);
    const metrics = await real.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(
      "# HELP chtcht_search_filter_walks_total Accounts that searched",
    );
    expect(metrics.body).toMatch(/^chtcht_search_filter_walks_total [1-9]/m);
  });

  it("still refuses a signed-out search, with or without a cursor", async () => {
    expect((await inject(real, null, "GET", "/api/search/profiles?q=budget")).statusCode).toBe(401);
    expect(
      (await inject(real, null, "GET", "/api/search/profiles?q=budget&cursor=abc.1.def"))
        .statusCode,
    ).toBe(401);
  });
});

describe("the search budget set through the config (SEARCH_PAGES_PER_HOUR=5,8, SEARCH_PAGES_PER_DAY=6,10)", () => {
  it("refuses exactly at the new account's hour, and the refusal changes nothing else", async () => {
    const scraper = await createAccount(small, { fullName: "Small Scraper" });
    const other = await createAccount(small, { fullName: "Small Neighbour" });
    await walk(small, scraper, "q=budget", 5);
    const refused = await page(small, scraper, "q=budget");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Everyone else searches on; the refused account still reads the rest of the app.
    expect((await page(small, other, "q=budget")).statusCode).toBe(200);
    expect((await inject(small, scraper, "GET", "/api/search/people?q=budget")).statusCode).toBe(
      200,
    );
    expect((await inject(small, scraper, "GET", "/api/search/recent")).statusCode).toBe(200);
    expect((await inject(small, scraper, "GET", "/api/feed")).statusCode).toBe(200);
  });

  it("gives an account of 30 days the larger hour, and one of 29 days the smaller", async () => {
    const reader = await createAccount(small, { fullName: "Small Reader" });
    await madeDaysAgo(small, reader, 30);
    await walk(small, reader, "q=budget", 8);
    expect((await page(small, reader, "q=budget")).statusCode).toBe(429);
    const young = await createAccount(small, { fullName: "Small Young" });
    await madeDaysAgo(small, young, 29);
    await walk(small, young, "q=budget", 5);
    expect((await page(small, young, "q=budget")).statusCode).toBe(429);
  });
});
