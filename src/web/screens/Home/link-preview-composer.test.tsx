// The composer's link card (docs/feed.md "Link previews"): asked of the server for the text's
// first link, shown with 'Remove preview', sent with the post by id, left out once removed.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LinkPreviewCard } from "../../../domain/contracts/link-previews";
import { postKeys } from "../../state/queries/posts";
import { profileKeys } from "../../state/queries/profiles";
import {
  ADA,
  feedData,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  sessionFor,
  stubFetch,
} from "../../test-support/posts";
import { profileOf } from "../../test-support/safety";
import { FeedHome } from "./feed-home";
import { COMPOSER_LABEL } from "./post-composer";

const CARD: LinkPreviewCard = {
  id: "0b6c2f7e-8d1b-4a53-9d3e-2f1f7f0a9c11",
  url: "https://news.example/story",
  title: "A story worth reading",
  description: "What happened, in two lines at most.",
  siteName: "News Example",
  imageUrl: "/media/u/6c/post/cover.jpg",
};

function renderHome(route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/", element: <FeedHome user={sessionFor(ADA)} /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => {
      qc.setQueryData(postKeys.feed(), feedData([]));
      qc.setQueryData(profileKeys.detail(ADA.handle), { ...profileOf(ADA), isOwner: true });
    },
  });
  return { ...rendered, calls, box: screen.getByLabelText(COMPOSER_LABEL) };
}

/** Answers the card for CARD.url (204 for any other link) and creates posts. */
const server: Route = ({ method, path, body }) => {
  if (method === "POST" && path === "/api/link-previews") {
    const { url } = body as { url: string };
    return url === CARD.url ? json({ preview: CARD }) : new Response(null, { status: 204 });
  }
  if (method === "POST" && path === "/api/posts") {
    return json({ post: makePost({ author: ADA, isAuthor: true, content: "posted" }) }, 201);
  }
  return undefined;
};

const sentForm = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.find((c) => c.method === "POST" && c.path === "/api/posts")?.body as FormData;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the composer's link card", () => {
  it("shows the card of the first link as one link to the page, and posts it by id", async () => {
    const { user, box, calls } = renderHome(server);
    await user.type(box, `Read ${CARD.url} now`);
    const link = await screen.findByRole("link", { name: /A story worth reading/ });
    expect(link.getAttribute("href")).toBe(CARD.url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(link.textContent).toContain("news.example");
    expect(link.querySelector("img")?.getAttribute("alt")).toBe("");
    // Asked once, however much was typed after the link.
    expect(calls.filter((c) => c.path === "/api/link-previews")).toHaveLength(1);
    expect(calls.find((c) => c.path === "/api/link-previews")?.body).toEqual({ url: CARD.url });

    await user.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(sentForm(calls)).toBeDefined());
    expect(sentForm(calls).get("linkPreviewId")).toBe(CARD.id);
  });

  it("leaves the card out once removed, and the post goes without it", async () => {
    const { user, box, calls } = renderHome(server);
    await user.type(box, `Read ${CARD.url}`);
    await screen.findByRole("link", { name: /A story worth reading/ });
    await user.click(screen.getByRole("button", { name: "Remove preview" }));
    expect(screen.queryByRole("link", { name: /A story worth reading/ })).toBeNull();
    await user.type(box, " later");
    await user.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(sentForm(calls)).toBeDefined());
    expect(sentForm(calls).get("linkPreviewId")).toBeNull();
    expect(screen.queryByRole("link", { name: /A story worth reading/ })).toBeNull();
  });

  it("shows no card for a page without one, nor for text without a link", async () => {
    const { user, box, calls } = renderHome(server);
    await user.type(box, "Plain words, no link");
    await user.type(box, " and https://other.example/page");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/link-previews")).toBe(true));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByRole("button", { name: "Remove preview" })).toBeNull();
    expect(calls.filter((c) => c.path === "/api/link-previews")).toHaveLength(1);
  });

  it("drops the card when the link leaves the text", async () => {
    const { user, box } = renderHome(server);
    await user.type(box, CARD.url);
    await screen.findByRole("button", { name: "Remove preview" });
    await user.clear(box);
    await user.type(box, "Changed my mind");
    expect(screen.queryByRole("button", { name: "Remove preview" })).toBeNull();
  });
});
