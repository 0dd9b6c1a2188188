import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, GRACE, json, makePost, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ProfileTabs } from "./profile-tabs";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ProfileTabs", () => {
  it("asks for 40 posts and shows 8 at a time, fetching again only when those run out (spec-1 §9)", async () => {
    const first = Array.from({ length: 20 }, (_, i) => makePost({ content: `Post ${i + 1}` }));
    const second = [makePost({ content: "Post 21" })];
    let release: () => void = () => {};
    const calls = stubFetch(({ path }) => {
      if (path === "/api/users/u2/posts?limit=40") return json({ items: first, nextCursor: "c1" });
      if (path === "/api/users/u2/posts?limit=40&cursor=c1") {
        return new Promise<Response>((resolve) => {
          release = () => resolve(json({ items: second, nextCursor: null }));
        });
      }
      return undefined;
    });
    const { user } = renderWithRoutes(
      [{ path: "/", element: <ProfileTabs userId={GRACE.userId} /> }],
      { url: "/", viewer: ADA },
    );
    const postCalls = () => calls.filter((call) => call.path.startsWith("/api/users/u2/posts"));
    expect(screen.getByText("Loading posts...")).toBeTruthy();
    await screen.findByText("Post 1");
    expect(screen.getAllByRole("article")).toHaveLength(8);
    expect(screen.queryByText("Post 9")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Load More" }));
    expect(screen.getAllByRole("article")).toHaveLength(16);
    expect(postCalls()).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Load More" }));
    expect(screen.getByRole("button", { name: "Loading…" })).toHaveProperty("disabled", true);
    expect(screen.getAllByRole("article")).toHaveLength(20);
    // The list draws the new page in a deferred render (components/post/post-list.tsx), which a
    // loaded machine running the whole suite can hold past findBy's default second.
    await act(async () => release());
    await screen.findByText("Post 21");
    expect(screen.getAllByRole("article")).toHaveLength(21);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load More" })).toBeNull());
    expect(postCalls()).toHaveLength(2);
  });

  it("shows a repost among the person's posts under 'Reposted by {name}', linking to them", async () => {
    const repost = makePost({
      id: "p-ada",
      author: ADA,
      content: "Ada's post, reposted",
      repostedBy: { id: "r1", at: new Date().toISOString(), person: GRACE },
    });
    const own = makePost({ id: "p-grace", author: GRACE, content: "Grace's own post" });
    stubFetch(({ path }) =>
      path.startsWith("/api/users/u2/posts")
        ? json({ items: [repost, own], nextCursor: null })
        : undefined,
    );
    renderWithRoutes([{ path: "/", element: <ProfileTabs userId={GRACE.userId} /> }], {
      url: "/",
      viewer: ADA,
    });
    await screen.findByText("Ada's post, reposted");
    const [first, second] = screen.getAllByRole("article");
    expect(first?.textContent).toContain(`Reposted by ${GRACE.fullName}`);
    expect(second?.textContent).not.toContain("Reposted by");
    const link = within(first as HTMLElement).getByRole("link", { name: GRACE.fullName });
    expect(link.getAttribute("href")).toBe(`/${GRACE.handle}`);
  });

  it("says 'Failed to load posts' and retries", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? json({ error: { code: "internal", message: "" } }, 500)
        : json({ items: [], nextCursor: null }),
    );
    const { user } = renderWithRoutes([{ path: "/", element: <ProfileTabs userId="u2" /> }], {
      url: "/",
      viewer: null,
    });
    expect(await screen.findByText("Failed to load posts")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No posts yet")).toBeTruthy();
  });
});
