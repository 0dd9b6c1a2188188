// GET /api/city-search through the real HTTP app with the shared zod contract and error shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { citySearchResponse } from "../../../domain/contracts/cities";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const search = (q: string) =>
  t.app.inject({ method: "GET", url: `/api/city-search?q=${encodeURIComponent(q)}` });

describe("GET /api/city-search", () => {
  it("answers up to 10 places with county and coordinates", async () => {
    const res = await search("springfield");
    expect(res.statusCode).toBe(200);
    const body = citySearchResponse.parse(res.json());
    expect(body.items).toHaveLength(10);
    expect(body.items.every((item) => item.city === "Springfield")).toBe(true);
  });

  it("understands a state after the city", async () => {
    const res = await search("Springfield, IL");
    expect(res.json()).toEqual({
      items: [
        {
          city: "Springfield",
          state: "IL",
          county: "Sangamon County",
          lat: expect.any(Number),
          lng: expect.any(Number),
        },
      ],
    });
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it.each([
    ["Brookl", "Brookline, MA"],
    ["Brooklyn", "Brooklyn, IN"],
  ])("offers the biggest place first: %j → Brooklyn, NY, then %s", async (q, second) => {
    const items = citySearchResponse.parse((await search(q)).json()).items;
    expect(items[0]).toMatchObject({ city: "Brooklyn", state: "NY", county: "Kings County" });
    expect(`${items[1]?.city}, ${items[1]?.state}`).toBe(second);
  });

  it("still offers a small place typed in full", async () => {
    const res = await search("Brooklandville");
    expect(res.json().items).toEqual([expect.objectContaining({ city: "Brooklandville" })]);
  });

  it("ignores accents and case", async () => {
    const res = await search("CAÑON CITY");
    expect(res.json().items[0]).toMatchObject({ city: "Canon City", state: "CO" });
  });

  it.each(["a", " b "])("answers no items under two characters: %j", async (q) => {
    const res = await search(q);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it("answers no items for a miss", async () => {
    expect((await search("qqqqzz")).json()).toEqual({ items: [] });
  });

  it.each([
    ["missing q", "/api/city-search"],
    ["blank q", "/api/city-search?q=%20%20"],
    ["q over 64 characters", `/api/city-search?q=${"a".repeat(65)}`],
  ])("refuses %s with a 400 in the error shape", async (_case, url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: "validation_error", fields: { q: expect.any(Array) } },
    });
  });
});
