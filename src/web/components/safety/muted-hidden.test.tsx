// Posts the reader's muted words match, as a feed shows them (docs/safety.md "Muted words").
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import {
  ADA,
  feedData,
  json,
  makePost,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { PostList } from "../post/post-list";
import { MutedHidden } from "./muted-hidden";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

function renderFeed(posts: PostView[]) {
  stubFetch(({ path }) =>
    path === "/api/reading-settings" ? json({ expandContentWarnings: false }) : undefined,
  );
  return renderWithRoutes([{ path: "/", element: <Feed /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a post a muted word matches", () => {
  it("shows one line naming the words, and Show opens it with the focus on it", async () => {
    const { user } = renderFeed([
      makePost({ content: "The butler did it", mutedBy: ["butler", "#finale"] }),
      makePost({ content: "Nothing to hide" }),
    ]);
    expect(screen.getByText("Nothing to hide")).toBeTruthy();
    expect(screen.queryByText("The butler did it")).toBeNull();
    const line = screen.getByText(/Hidden: matches a muted word/);
    expect(line.textContent).toBe("Hidden: matches a muted word (“butler”, “#finale”)");
    await user.click(screen.getByRole("button", { name: "Show" }));
    const post = screen.getByText("The butler did it");
    expect(screen.queryByText(/Hidden: matches a muted word/)).toBeNull();
    expect(document.activeElement?.contains(post)).toBe(true);
  });

  it("opens from the keyboard", async () => {
    const { user } = renderFeed([makePost({ content: "Spoiler inside", mutedBy: ["spoiler"] })]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Show" }));
    await user.keyboard("{Enter}");
    expect(screen.getByText("Spoiler inside")).toBeTruthy();
  });
});

describe("MutedHidden", () => {
  it("shows an item with no mark as it is", () => {
    renderWithRoutes(
      [
        {
          path: "/",
          element: (
            <MutedHidden mutedBy={undefined}>
              <p>Plain</p>
            </MutedHidden>
          ),
        },
      ],
      { url: "/", viewer: ADA },
    );
    expect(screen.getByText("Plain")).toBeTruthy();
    expect(within(document.body).queryByRole("button", { name: "Show" })).toBeNull();
  });
});
