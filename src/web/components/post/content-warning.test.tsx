// Content warnings and sensitive images as readers meet them (docs/feed.md "Content warnings").
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { PostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import {
  ADA,
  feedData,
  json,
  makePost,
  oneImage,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { PostList } from "./post-list";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

function renderFeed(
  posts: PostView[],
  { viewer = ADA, expand }: { viewer?: PersonSummary | null; expand?: boolean } = {},
) {
  const calls = stubFetch(({ path }) =>
    path === "/api/reading-settings" ? json({ expandContentWarnings: expand ?? false }) : undefined,
  );
  const rendered = renderWithRoutes([{ path: "/", element: <Feed /> }], {
    url: "/",
    viewer,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)),
  });
  return { ...rendered, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const warned = () =>
  makePost({
    content: "Who dies in the last episode",
    contentWarning: "Spoilers: the finale",
    images: oneImage("/media/posts/finale.webp"),
  });

describe("a post with a content warning", () => {
  it("shows the warning, hides text and image, and opens and closes with its button", async () => {
    const { user } = renderFeed([warned()]);
    const article = screen.getByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).getByText("Spoilers: the finale")).toBeTruthy();
    expect(within(article).queryByText("Who dies in the last episode")).toBeNull();
    expect(within(article).queryByRole("img")).toBeNull();

    const toggle = within(article).getByRole("button", { name: "Show more" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const region = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(region?.hidden).toBe(true);

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Show less");
    expect(region?.hidden).toBe(false);
    expect(within(article).getByText("Who dies in the last episode")).toBeTruthy();
    // A warned post's image stays blurred behind its own button (counts as sensitive).
    expect(within(article).getByRole("button", { name: /Sensitive content — show/ })).toBeTruthy();

    await user.click(within(article).getByRole("button", { name: "Show less" }));
    expect(within(article).queryByText("Who dies in the last episode")).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("opens from the keyboard (Enter and Space on the button)", async () => {
    const { user } = renderFeed([warned()]);
    const toggle = screen.getByRole("button", { name: "Show more" });
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("opens every warned post when the reader always expands them, each still closable", async () => {
    const posts = [
      warned(),
      makePost({ content: "About the recipe", contentWarning: "Food" }),
      makePost({ content: "No warning here" }),
    ];
    const { user } = renderFeed(posts, { expand: true });
    await screen.findByText("Who dies in the last episode");
    expect(screen.getByText("About the recipe")).toBeTruthy();
    expect(screen.getByText("No warning here")).toBeTruthy();
    const toggles = screen.getAllByRole("button", { name: "Show less" });
    expect(toggles.map((b) => b.getAttribute("aria-expanded"))).toEqual(["true", "true"]);
    await user.click(toggles[1] as HTMLElement);
    expect(screen.queryByText("About the recipe")).toBeNull();
  });

  it("stays closed for a signed-out reader, who has no setting to ask for", () => {
    const { calls } = renderFeed([warned()], { viewer: null });
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/reading-settings")).toEqual([]);
  });

  it("shows a post without a warning as it is, with no button", () => {
    renderFeed([makePost({ content: "Plain words" })]);
    expect(screen.getByText("Plain words")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Show (more|less)/ })).toBeNull();
  });
});

describe("a sensitive image", () => {
  it("is blurred and hidden from screen readers until its overlay is clicked, then can be hidden", async () => {
    const { user } = renderFeed([
      makePost({ content: "Look", images: oneImage("/media/posts/a.webp"), imageSensitive: true }),
    ]);
    const article = screen.getByRole("article", { name: "Post by Grace Hopper" });
    expect(within(article).getByText("Look")).toBeTruthy();
    // Hidden: the picture is not in the accessibility tree, the button names what it hides.
    expect(within(article).queryByRole("img")).toBeNull();
    const image = article.querySelector("img");
    expect(image?.closest(".blur-2xl")).toBeTruthy();
    // Nor can the keyboard reach the button that would open it in the viewer.
    expect(image?.closest("[inert]")).toBeTruthy();
    expect(within(article).queryByRole("button", { name: "Open image" })).toBeNull();
    const show = within(article).getByRole("button", { name: "Sensitive content — show image" });
    expect(show.textContent).toBe("Sensitive content — show");

    await user.click(show);
    expect(within(article).getByRole("img", { name: "Image attached to the post" })).toBeTruthy();
    expect(image?.closest(".blur-2xl")).toBeNull();
    expect(image?.closest("[inert]")).toBeNull();

    await user.click(within(article).getByRole("button", { name: "Hide sensitive image" }));
    expect(within(article).queryByRole("img")).toBeNull();
    expect(within(article).getByRole("button", { name: /Sensitive content — show/ })).toBeTruthy();
  });

  it("blurs the images of a post from elsewhere that its server marked sensitive", async () => {
    const { user } = renderFeed([
      makePost({
        content: "From elsewhere",
        imageSensitive: true,
        remote: { handle: "alice@mastodon.test", url: "https://mastodon.test/@alice/1" },
        images: oneImage("/media/remote/a.webp", "Aphids on a leaf"),
      }),
    ]);
    expect(screen.queryByRole("img", { name: "Aphids on a leaf" })).toBeNull();
    await user.click(screen.getByRole("button", { name: /Sensitive content — show/ }));
    await waitFor(() => expect(screen.getByRole("img", { name: "Aphids on a leaf" })).toBeTruthy());
  });

  it("is shown plainly when not sensitive", () => {
    renderFeed([makePost({ content: "Plain", images: oneImage("/media/posts/b.webp") })]);
    expect(screen.getByRole("img", { name: "Image attached to the post" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Sensitive content/ })).toBeNull();
  });
});

describe("Edit post", () => {
  it("changes the warning and the image's flag with the text, and shows the post as saved", async () => {
    const post = makePost({
      author: ADA,
      isAuthor: true,
      content: "Match report",
      images: oneImage("/media/posts/match.webp"),
    });
    const calls = stubFetch(({ method, body }) =>
      method === "PATCH"
        ? json({
            post: {
              ...post,
              ...(body as object),
              contentWarning: (body as { contentWarning: string }).contentWarning || null,
            },
          })
        : undefined,
    );
    const { user } = renderWithRoutes([{ path: "/", element: <Feed /> }], {
      url: "/",
      viewer: ADA,
      seed: (qc) => qc.setQueryData(postKeys.feed(), feedData([post])),
    });
    await user.click(screen.getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit post" });
    await user.type(within(dialog).getByRole("textbox", { name: /Content warning/ }), "Scores");
    await user.click(within(dialog).getByRole("checkbox", { name: /Mark image as sensitive/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      content: "Match report",
      contentWarning: "Scores",
      imageSensitive: true,
    });
    // The card now shows the post behind its new warning.
    expect(await screen.findByRole("button", { name: "Show more" })).toBeTruthy();
    expect(screen.queryByText("Match report")).toBeNull();
  });
});
