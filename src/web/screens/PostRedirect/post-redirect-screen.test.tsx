import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADA,
  apiError,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { PostRedirectScreen } from "./post-redirect-screen";

const post = makePost({ path: "/grace/hello-world" });

function renderAt(url: string, route: Route) {
  stubFetch(route);
  return renderWithRoutes(
    [
      { path: "/", element: <p>Home screen</p> },
      { path: "/post/:postId", element: <PostRedirectScreen /> },
      { path: "/:handle/:postSlug", element: <p>Post page</p> },
    ],
    { url, viewer: ADA },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PostRedirectScreen", () => {
  it("replaces /post/{id} with the post's own address", async () => {
    const { router } = renderAt(`/post/${post.id}`, ({ path }) =>
      path === `/api/posts/${post.id}` ? json({ post }) : undefined,
    );
    expect(await screen.findByText("Post page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/grace/hello-world");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it.each([
    ["a missing post", () => apiError(404, "Post not found")],
    ["a malformed id", () => apiError(400, "Post not found")],
    ["a server failure", () => apiError(500, "")],
    ["a network failure", () => Promise.reject(new TypeError("offline"))],
  ])("sends %s home", async (_label, answer) => {
    const { router } = renderAt("/post/whatever", () => answer());
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByText("Home screen")).toBeTruthy();
  });
});
