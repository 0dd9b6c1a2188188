// Advanced search (spec-2 §3, §5, §7, §8; docs/search.md) through the real HTTP app: each filter
// alone and together returns exactly the expected people of a set seeded for this file; keyset
// pages have no gaps or repeats while rows change; bad values are a 400 naming the field;
// distances are bands measured to where each person is placed (a town of few people at its county's
// or state's centre); the count is exact, then capped.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SENSITIVE_ATTRIBUTES } from "../../../domain/audiences";
import type { SearchResult } from "../../../domain/contracts/search";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { pageDataOf } from "../../test-support/page-data";
import { SEARCH_ENGINES } from "../../test-support/search-engines";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let viewer: TestAccount;
const TAG = "zqx";

interface Seed {
  name: string;
  city?: string;
  details?: Record<string, string | number>;
}

const SEEDS: Seed[] = [
  {
    name: "Ava Boston",
    city: "Boston, MA",
    details: {
      state: "Massachusetts",
      age: 31,
      gender: "Female",
      zodiac: "Leo",
      race: "Asian",
      height: "5'6\"",
      kids: "None",
      sexuality: "Bisexual",
      education: "Master's",
    },
  },
  {
    name: "Ben Cambridge",
    city: "Cambridge, MA",
    details: {
      state: "Massachusetts",
      age: 45,
      gender: "Male",
      zodiac: "Aries",
      race: "European",
      height: "6'1\"",
      kids: "2",
      military_branch: "Navy",
      military_base: "Naval Station Norfolk",
    },
  },
  {
    name: "Cleo New York",
    city: "New York, NY",
    details: {
      state: "New York",
      age: 28,
      gender: "Female",
      zodiac: "Leo",
      race: "Hispanic",
      height: "5'2\"",
      kids: "10+",
      university: "Columbia University",
      relationship_status: "Single",
    },
  },
  {
    name: "Dan Vermont",
    city: "Burlington, VT",
    details: {
      state: "Vermont",
      age: 38,
      gender: "Male",
      body_types: "Athletic",
      religion: "Buddhist",
      networth: "$1M or more",
      salary: "$100K - $250K",
      greek: "Omega Psi Phi",
    },
  },
  { name: "Eve Nobody" },
];

const ids: Record<string, string> = {};

describe.each(SEARCH_ENGINES)("on the %s engine", (engine) => {
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_ENGINE: engine });
    viewer = await createAccount(t, { fullName: "Viewer" });
    for (const seed of SEEDS) {
      const account = await createAccount(t, { fullName: `${TAG} ${seed.name}`.slice(0, 20) });
      ids[seed.name] = account.userId;
      const res = await inject(t, account, "PUT", `/api/profiles/${account.userId}`, {
        fullName: `${TAG} ${seed.name}`.slice(0, 20),
        emailAddress: account.email,
        city: seed.city ?? "",
        details: seed.details ?? {},
        // Searchable by everyone, sensitive attributes included (who sees what: audiences.int.test.ts).
        audiences: Object.fromEntries(SENSITIVE_ATTRIBUTES.map((key) => [key, "everyone"])),
        consent: SENSITIVE_ATTRIBUTES,
      });
      if (res.statusCode !== 200) throw new Error(`profile update failed: ${res.body}`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (query: string) => {
    const res = await inject(t, viewer, "GET", `/api/search/profiles?q=${TAG}&${query}`);
    return res;
  };
  const names = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    return (res.json().items as SearchResult[]).map((p) => p.fullName.slice(TAG.length + 1));
  };

  /** `size` people named 'Crowd', ids `${prefix}-1` to `${prefix}-${size}`, of one religion. */
  async function addCrowd(prefix: string, size: number, religion: string) {
    await t.database.db.execute(sql`
    with made as (
      insert into users (id, name, email, email_verified)
      select ${prefix} || '-' || n, 'Crowd', ${prefix} || n || '@example.com', true
      from generate_series(1, ${size}::int) n
      returning id
    )
    insert into profiles (user_id, default_username, full_name, email_address, chtcht_email, religion, attribute_audiences)
    select id, id, 'Crowd', id || '@example.com', id || '@chtcht.local', ${religion}, '{"religion":"everyone"}'::jsonb from made`);
  }

  describe("GET /api/search/profiles", () => {
    it.each([
      ["", ["Ava Boston", "Ben Cambridge", "Cleo New York", "Dan Vermont", "Eve Nobody"]],
      ["state=Massachusetts", ["Ava Boston", "Ben Cambridge"]],
      ["gender=Female", ["Ava Boston", "Cleo New York"]],
      ["ageMin=30&ageMax=40", ["Ava Boston", "Dan Vermont"]],
      ["ageMin=40", ["Ben Cambridge"]],
      ["zodiac=Leo", ["Ava Boston", "Cleo New York"]],
      ["zodiac=Leo,Aries", ["Ava Boston", "Ben Cambridge", "Cleo New York"]],
      ["race=Asian&race=Hispanic", ["Ava Boston", "Cleo New York"]],
      ["heightMin=66", ["Ava Boston", "Ben Cambridge"]],
      ["heightMax=62", ["Cleo New York"]],
      ["kidsMin=1&kidsMax=5", ["Ben Cambridge"]],
      ["kidsMin=10", ["Cleo New York"]],
      ["kidsMax=0", ["Ava Boston"]],
      ["sexuality=Bi-sexual", ["Ava Boston"]],
      ["city=cambridge", ["Ben Cambridge"]],
      ["militaryBase=NORFOLK", ["Ben Cambridge"]],
      ["militaryBranch=Navy", ["Ben Cambridge"]],
      ["university=columbia", ["Cleo New York"]],
      ["relationshipStatus=Single", ["Cleo New York"]],
      ["bodyType=Athletic&religion=Buddhist", ["Dan Vermont"]],
      ["networth=%241M+or+more&salary=%24100K+-+%24250K&greek=Omega+Psi+Phi", ["Dan Vermont"]],
      ["education=Master%27s", ["Ava Boston"]],
      ["gender=Female&zodiac=Leo&ageMax=30", ["Cleo New York"]],
      ["gender=Male&state=Massachusetts&heightMin=70&kidsMin=2&zodiac=Aries", ["Ben Cambridge"]],
      ["gender=Other", []],
    ])("%s", async (query, expected) => {
      expect(await names(query)).toEqual(expected);
    });

    it('measures distance from a chosen city to where each person is placed: a town of few people at its state\'s centre (docs/search.md "Distance")', async () => {
      // One or two people a city: Ava (Boston) and Ben (Cambridge) are measured from Massachusetts'
      // centre, 26 miles from Boston; Dan from Vermont's (141), Cleo from New York's (215).
      expect(await names("city=Boston%2C+MA&withinMiles=10")).toEqual([]);
      expect(await names("city=Boston%2C+MA&withinMiles=25")).toEqual([]);
      expect(await names("city=Boston%2C+MA&withinMiles=50")).toEqual([
        "Ava Boston",
        "Ben Cambridge",
      ]);
      expect(await names("city=Boston%2C+MA&withinMiles=100")).toEqual([
        "Ava Boston",
        "Ben Cambridge",
      ]);
      expect(await names("city=Boston%2C+MA&withinMiles=250")).toEqual([
        "Ava Boston",
        "Ben Cambridge",
        "Cleo New York",
        "Dan Vermont",
      ]);
      const res = await search("city=Boston%2C+MA&withinMiles=500&sort=distance");
      const items = res.json().items as SearchResult[];
      // By band, then by name: nothing inside a band says who is nearer.
      expect(items.map((p) => [p.fullName.slice(TAG.length + 1), p.distance])).toEqual([
        ["Ava Boston", "25-50"],
        ["Ben Cambridge", "25-50"],
        ["Cleo New York", "100-plus"],
        ["Dan Vermont", "100-plus"],
      ]);
      expect(res.body).not.toMatch(/miles/i);
      // By name, the band still shows; a person with no city has none.
      const byName = (await search("city=Boston%2C+MA&withinMiles=500")).json()
        .items as SearchResult[];
      expect(byName.map((p) => p.distance)).toEqual(["25-50", "25-50", "100-plus", "100-plus"]);
    });

    it("measures a city of 50 searchable people from its own centre, and coarsens it again as they go", async () => {
      // 49 people and Ava: Boston has 50 a stranger can find by distance.
      await addCrowd("bos", 49, "Jain");
      await t.database.db.execute(sql`
      update profiles p set city = c.city, city_lat = c.city_lat, city_lng = c.city_lng
      from profiles c where p.user_id like 'bos-%' and c.user_id = ${ids["Ava Boston"]}`);
      expect(await names("city=Boston%2C+MA&withinMiles=10")).toEqual(["Ava Boston"]);
      const near = await search("city=Boston%2C+MA&sort=distance&limit=1");
      expect(near.json().items[0]).toMatchObject({ distance: "under-10" });
      // One of them hides the city: 49 a stranger can find, and Boston is a small town again.
      await t.database.db.execute(
        sql`update profiles set attribute_audiences = '{"city":"friends"}'::jsonb where user_id = 'bos-1'`,
      );
      expect(await names("city=Boston%2C+MA&withinMiles=10")).toEqual([]);
      await t.database.db.execute(sql`delete from users where id like 'bos-%'`);
      expect(await names("city=Boston%2C+MA&withinMiles=10")).toEqual([]);
    });

    it("pages by distance with no gap or repeat, a page ending inside a band", async () => {
      // Eve moves to Boston for this test: three people share the nearest band.
      await t.database.db.execute(sql`
      update profiles p set city = c.city, city_lat = c.city_lat, city_lng = c.city_lng
      from profiles c where p.user_id = ${ids["Eve Nobody"]} and c.user_id = ${ids["Ava Boston"]}`);
      const order: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await search(
          `city=Boston%2C+MA&withinMiles=500&sort=distance&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(res.statusCode).toBe(200);
        order.push(
          ...(res.json().items as SearchResult[]).map((p) => p.fullName.slice(TAG.length + 1)),
        );
        cursor = res.json().nextCursor;
      } while (cursor && order.length < 10);
      await t.database.db.execute(
        sql`update profiles set city = null, city_lat = null, city_lng = null where user_id = ${ids["Eve Nobody"]}`,
      );
      expect(order).toEqual([
        "Ava Boston",
        "Ben Cambridge",
        "Eve Nobody",
        "Cleo New York",
        "Dan Vermont",
      ]);
      for (const key of ["1,2|zqx", "7|zqx", "x|zqx", "zqx"]) {
        const forged = Buffer.from(
          JSON.stringify({ sort: "distance", key, id: ids["Ava Boston"] }),
        ).toString("base64url");
        const res = await search(
          `city=Boston%2C+MA&withinMiles=500&sort=distance&cursor=${forged}`,
        );
        expect(res.statusCode, key).toBe(400);
      }
    });

    it("answers bad values with 400 and the field named, never an empty result", async () => {
      for (const [query, field] of [
        ["gender=Robot", "gender"],
        ["zodiac=Unicorn", "zodiac.0"],
        ["ageMin=12", "ageMin"],
        ["ageMin=50&ageMax=20", "ageMax"],
        ["withinMiles=25", "city"],
        ["city=Atlantis%2C+ZZ&withinMiles=25", "city"],
        ["city=Boston%2C+MA&withinMiles=5", "withinMiles"],
        ["city=Boston%2C+MA&withinMiles=30", "withinMiles"],
        ["sort=random", "sort"],
      ] as const) {
        const res = await search(query);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().error.fields)).toContain(field);
      }
      expect((await inject(t, null, "GET", "/api/search/profiles")).statusCode).toBe(401);
    });

    it("counts exactly on the first page, and pages by cursor with no gap or repeat while rows change", async () => {
      const first = await search("limit=2");
      expect(first.json().total).toEqual({ count: 5, capped: false });
      expect((await search("state=Massachusetts")).json().total).toEqual({
        count: 2,
        capped: false,
      });
      expect((await search("gender=Other")).json().total).toEqual({ count: 0, capped: false });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await search(`limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.statusCode).toBe(200);
        if (cursor) expect(res.json().total).toBeNull();
        seen.push(...(res.json().items as SearchResult[]).map((p) => p.userId));
        cursor = res.json().nextCursor;
        if (++pages === 1) {
          // A person renamed to sort first, and one to sort last, between pages.
          await t.database.db.execute(
            sql`update profiles set full_name = ${`${TAG} Aaa`} where user_id = ${ids["Dan Vermont"]}`,
          );
          await t.database.db.execute(
            sql`update profiles set full_name = ${`${TAG} Zzz`} where user_id = ${ids["Eve Nobody"]}`,
          );
        }
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of [ids["Ben Cambridge"], ids["Cleo New York"], ids["Eve Nobody"]]) {
        expect(seen).toContain(id);
      }
      const bad = await search("cursor=nonsense");
      expect(bad.statusCode).toBe(400);
      const newest = await search("sort=newest&limit=2");
      const wrongOrder = await search(`sort=name&cursor=${newest.json().nextCursor}`);
      expect(wrongOrder.statusCode).toBe(400);
    });

    it("caps the count at 1,000 and says so", async () => {
      await addCrowd("crowd", 1005, "Sikh");
      const res = await inject(t, viewer, "GET", "/api/search/profiles?religion=Sikh");
      expect(res.json().total).toEqual({ count: 1000, capped: true });
      expect(res.json().items).toHaveLength(60);
    });
  });

  describe("the profile index", () => {
    it("sees every committed change, whoever wrote it: rows added, changed, suspended, removed", async () => {
      await addCrowd("taoist", 3, "Scientologist");
      const taoists = async () => {
        const res = await inject(t, viewer, "GET", "/api/search/profiles?religion=Scientologist");
        expect(res.statusCode).toBe(200);
        return {
          ids: (res.json().items as SearchResult[]).map((p) => p.userId),
          count: res.json().total.count as number,
        };
      };
      expect(await taoists()).toEqual({ ids: ["taoist-1", "taoist-2", "taoist-3"], count: 3 });
      await t.database.db.execute(
        sql`update profiles set full_name = 'Aaron' where user_id = 'taoist-3'`,
      );
      await t.database.db.execute(
        sql`update profiles set suspended_at = now() where user_id = 'taoist-2'`,
      );
      expect(await taoists()).toEqual({ ids: ["taoist-3", "taoist-1"], count: 2 });
      await t.database.db.execute(sql`delete from users where id = 'taoist-1'`);
      await t.database.db.execute(
        sql`update profiles set suspended_at = null where user_id = 'taoist-2'`,
      );
      expect(await taoists()).toEqual({ ids: ["taoist-3", "taoist-2"], count: 2 });
      // A profile saved through the API is found on the next search.
      const saver = await createAccount(t, { fullName: "Saver" });
      const saved = await inject(t, saver, "PUT", `/api/profiles/${saver.userId}`, {
        fullName: "Saver",
        emailAddress: saver.email,
        city: "",
        details: { religion: "Scientologist" },
        audiences: { religion: "everyone" },
        consent: ["religion"],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await taoists()).ids).toEqual(["taoist-3", "taoist-2", saver.userId]);
    });

    it("never lists the viewer in their own results or count, in any order (docs/search.md)", async () => {
      const me = await createAccount(t, { fullName: `${TAG} Mirror` });
      const other = await createAccount(t, { fullName: `${TAG} Mirror Twin` });
      for (const account of [me, other]) {
        const saved = await inject(t, account, "PUT", `/api/profiles/${account.userId}`, {
          fullName: account === me ? `${TAG} Mirror` : `${TAG} Mirror Twin`,
          emailAddress: account.email,
          city: "Boston, MA",
          details: { religion: "Confucian", state: "Massachusetts" },
          audiences: { religion: "everyone" },
          consent: ["religion"],
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      for (const query of [
        "religion=Confucian",
        `q=${TAG}%20mirror`,
        "religion=Confucian&sort=newest",
        "religion=Confucian&city=Boston%2C%20MA&sort=distance",
        "religion=Confucian&city=Boston%2C%20MA&withinMiles=50",
      ]) {
        const res = await inject(t, me, "GET", `/api/search/profiles?${query}`);
        expect(res.statusCode, query).toBe(200);
        const found = (res.json().items as SearchResult[]).map((p) => p.userId);
        expect(found, query).toEqual([other.userId]);
        expect(res.json().total, query).toEqual({ count: 1, capped: false });
      }
    });

    it("leaves out people in a block with the viewer, either way, from the page and the count", async () => {
      await addCrowd("jain", 3, "Shintoist");
      const shinto = () => inject(t, viewer, "GET", "/api/search/profiles?religion=Shintoist");
      const shy = await createAccount(t, { fullName: "Shy" });
      const saved = await inject(t, shy, "PUT", `/api/profiles/${shy.userId}`, {
        fullName: "Shy",
        emailAddress: shy.email,
        details: { religion: "Shintoist" },
        audiences: { religion: "everyone" },
        consent: ["religion"],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shinto()).json().total).toEqual({ count: 4, capped: false });
      // Blocks made after the viewer's last search count at once (the viewer's relations are
      // cached and dropped by the block's event: docs/search.md "Who can be found").
      await inject(t, viewer, "POST", "/api/safety/blocks/jain-2");
      await inject(t, shy, "POST", `/api/safety/blocks/${viewer.userId}`);
      const res = await shinto();
      expect((res.json().items as SearchResult[]).map((p) => p.userId)).toEqual([
        "jain-1",
        "jain-3",
      ]);
      expect(res.json().total).toEqual({ count: 2, capped: false });
    });

    it("writes nothing to the change log when only counters change", async () => {
      await addCrowd("counted", 1, "Shinto");
      const logged = async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from search_changes`,
          )
        )[0]?.n;
      const before = await logged();
      await t.database.db.execute(
        sql`update profiles set followers_count = followers_count + 1 where user_id = 'counted-1'`,
      );
      expect(await logged()).toBe(before);
      await t.database.db.execute(sql`update profiles set age = 40 where user_id = 'counted-1'`);
      expect(await logged()).toBe((before ?? 0) + 1);
    });
  });

  describe("GET /api/search/recent", () => {
    it("lists the newest profiles for local search, with what local search reads", async () => {
      const res = await inject(t, viewer, "GET", "/api/search/recent");
      expect(res.statusCode).toBe(200);
      const items = res.json().items as SearchResult[];
      expect(items.length).toBeLessThanOrEqual(50);
      expect(items[0]).toHaveProperty("about");
      expect(items[0]).toHaveProperty("height");
    });

    it("comes with the signed-in search page, as the API answers it (architecture.md 'Web app pages')", async () => {
      const [page, api] = await Promise.all([
        inject(t, viewer, "GET", "/search"),
        inject(t, viewer, "GET", "/api/search/recent"),
      ]);
      expect(page.statusCode).toBe(200);
      expect(pageDataOf(page.body)).toEqual({ kind: "search", recent: api.json() });
      expect(pageDataOf((await t.app.inject({ method: "GET", url: "/search" })).body)).toBeNull();
    });
  });
});
