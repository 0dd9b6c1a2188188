import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SuggestedPerson } from "../../../domain/contracts/follows";
import { postKeys } from "../../state/queries/posts";
import {
  ADA,
  apiError,
  feedData,
  GRACE,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { LiveFeed } from "./live-feed";

const neighbour: SuggestedPerson = {
  ...GRACE,
  reason: "city",
  city: "Springfield, IL",
};
const poster: SuggestedPerson = {
  ...GRACE,
  userId: "u3",
  fullName: "Linus Poster",
  handle: "linus",
  username: "linus",
  reason: "active",
  city: null,
};

function renderFeed(route: Route, posts = feedData([])) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/", element: <LiveFeed /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(postKeys.feed(), posts),
  });
  return { ...rendered, calls };
}

const people = () => screen.findByRole("region", { name: "People to follow" });

afterEach(() => vi.unstubAllGlobals());

describe("People to follow on the empty feed", () => {
  it("offers people under 'No posts yet', each with why and a Follow button", async () => {
    renderFeed(({ path }) =>
      path.startsWith("/api/follows/suggestions")
        ? json({ items: [neighbour, poster] })
        : undefined,
    );
    expect(screen.getByText("No posts yet")).toBeTruthy();
    const list = await people();
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: "Grace Hopper" })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("Lives in Springfield, IL")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Posted recently")).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Follow Linus Poster" })).toBeTruthy();
  });

  it("follows from the list: the button turns to Following and the person stays", async () => {
    const { user, calls } = renderFeed(({ method, path }) => {
      if (path.startsWith("/api/follows/suggestions")) return json({ items: [neighbour, poster] });
      if (path.startsWith("/api/follows/status/")) return json({ following: false, state: "none" });
      if (method === "POST" && path === "/api/follows/toggle") {
        return json({
          following: true,
          state: "following",
          counts: { friends: 0, following: 0, followers: 1 },
        });
      }
      return undefined;
    });
    const list = await people();
    await user.click(within(list).getByRole("button", { name: "Follow Linus Poster" }));
    const button = await within(list).findByRole("button", { name: "Following Linus Poster" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/follows/toggle",
      body: { targetUserId: "u3" },
    });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows the failure with Retry when the list cannot load", async () => {
    renderFeed(({ path }) =>
      path.startsWith("/api/follows/suggestions") ? apiError(500, "Boom") : undefined,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load people to follow");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("is not asked for while the feed has posts", () => {
    const { calls } = renderFeed(() => undefined, feedData([makePost()]));
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(screen.queryByRole("region", { name: "People to follow" })).toBeNull();
    // Only the reader's muted words, for the posts that arrive live.
    expect(calls.map((c) => c.path)).toEqual(["/api/safety/muted-words"]);
  });
});
