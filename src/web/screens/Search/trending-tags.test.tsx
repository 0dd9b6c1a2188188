import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { TrendingTags } from "./trending-tags";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderList = () =>
  renderWithRoutes([{ path: "/search", element: <TrendingTags /> }], {
    url: "/search",
    viewer: ADA,
  });

describe("TrendingTags", () => {
  it("lists the day's tags in order with how many people used each, linking their pages", async () => {
    stubFetch(({ path }) =>
      path === "/api/tags/trending"
        ? json({
            items: [
              { name: "café", display: "Café", count: 12 },
              { name: "cats", display: "cats", count: 1 },
            ],
          })
        : undefined,
    );
    renderList();
    const list = await screen.findByRole("region", { name: "Trending today" });
    const links = list.querySelectorAll("a");
    expect([...links].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["#Café12 people", `/tags/${encodeURIComponent("café")}`],
      ["#cats1 person", "/tags/cats"],
    ]);
  });

  it("shows nothing when nothing trends", async () => {
    const calls = stubFetch(() => json({ items: [] }));
    renderList();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Trending today" })).toBeNull();
  });
});
