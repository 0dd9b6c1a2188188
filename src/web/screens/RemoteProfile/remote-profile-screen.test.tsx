import { act, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RemotePersonView } from "../../../domain/contracts/federation";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { REPORT_SENT } from "../../components/safety/report-subject";
import { ProfilePage } from "../../routing/profile-page";
import { REQUESTED_POLL_MS } from "../../state/queries/federation";
import { CAROL, remotePost } from "../../test-support/federation";
import {
  ADA,
  apiError,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";

const LOOKUP = `/api/federation/lookup?handle=${encodeURIComponent("@carol@social.example")}`;
const PERSON = `/api/federation/people/${CAROL.id}`;
const POSTS = `${PERSON}/posts?limit=40`;

function renderAt(url: string, route: Route, viewer: PersonSummary | null = ADA) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes(
    [
      {
        path: "/:handle",
        element: (
          <Suspense fallback={<p>Fetching the screen</p>}>
            <ProfilePage />
          </Suspense>
        ),
      },
    ],
    { url, viewer },
  );
  return { ...rendered, calls };
}

/** Carol's server knows her; she has one post here. */
const found =
  (person: RemotePersonView = CAROL): Route =>
  ({ method, path }) => {
    if (method === "GET" && path === LOOKUP) return json({ person });
    if (method === "GET" && path === POSTS) {
      return json({ items: [remotePost({ content: "Hello from elsewhere" })], nextCursor: null });
    }
    return undefined;
  };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("RemoteProfileScreen", () => {
  it("says it is loading while their server is asked", async () => {
    let answer: (response: Response) => void = () => {};
    renderAt("/@carol@social.example", ({ path }) =>
      path === LOOKUP
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading...");
    await act(async () => answer(apiError(404, "We could not find that person on their server.")));
  });

  it("shows the person with initials, handle, bio, their page and their posts", async () => {
    renderAt("/@carol@social.example", found({ ...CAROL, approvesFollowers: true }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Carol Shaw" });
    const card = heading.closest("section") as HTMLElement;
    expect(within(card).getByText("@carol@social.example")).toBeTruthy();
    expect(within(card).getByText("CS")).toBeTruthy();
    expect(within(card).queryByRole("img")).toBeNull();
    expect(card.querySelector("img")).toBeNull();
    expect(within(card).getByText("Approves followers")).toBeTruthy();
    expect(within(card).getByText(/Makes games\./).textContent).toBe(CAROL.summary);
    const theirPage = within(card).getByRole("link", { name: /View on their server/ });
    expect(theirPage.getAttribute("href")).toBe(CAROL.url);
    expect(theirPage.getAttribute("target")).toBe("_blank");
    expect(theirPage.getAttribute("rel")).toBe("noopener noreferrer");
    const post = await screen.findByRole("article", { name: "Post by Carol Shaw" });
    expect(within(post).getByText("Hello from elsewhere")).toBeTruthy();
    expect(document.title).toBe("@carol@social.example · chtcht");
  });

  it("follows: Requested until their server accepts, then Following, and unfollows", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let stored: RemotePersonView = CAROL;
    const { calls, user } = renderAt("/@carol@social.example", (request) => {
      const { method, path } = request;
      if (method === "POST" && path === `${PERSON}/follow`) {
        stored = { ...CAROL, follow: "requested" };
        return json({ person: stored });
      }
      if (method === "DELETE" && path === `${PERSON}/follow`) {
        stored = { ...CAROL, follow: "none" };
        return json({ person: stored });
      }
      if (method === "GET" && path === PERSON) return json({ person: stored });
      return found()(request);
    });
    await user.click(await screen.findByRole("button", { name: "Follow" }));
    const requested = await screen.findByRole("button", {
      name: "Requested: cancel the follow request",
    });
    expect(requested.getAttribute("aria-pressed")).toBeNull();

    // Their server accepts; the page reads her again while the request waits.
    stored = { ...CAROL, follow: "following" };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REQUESTED_POLL_MS);
    });
    const following = await screen.findByRole("button", { name: "Following" });
    expect(following.getAttribute("aria-pressed")).toBe("true");

    following.focus();
    await user.keyboard("{Enter}");
    expect(
      (await screen.findByRole("button", { name: "Follow" })).getAttribute("aria-pressed"),
    ).toBe("false");
    expect(calls.filter((c) => c.path === `${PERSON}/follow`).map((c) => c.method)).toEqual([
      "POST",
      "DELETE",
    ]);
  });

  it("withdraws a request, and puts the button back when the server refuses", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { calls, user } = renderAt("/@carol@social.example", (request) =>
      request.method === "DELETE" && request.path === `${PERSON}/follow`
        ? apiError(502, "Their server did not answer.")
        : found({ ...CAROL, follow: "requested" })(request),
    );
    await user.click(
      await screen.findByRole("button", { name: "Requested: cancel the follow request" }),
    );
    expect(await screen.findByText("Could not update follow. Please try again.")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Requested: cancel the follow request" }),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
    expect(logged).toHaveBeenCalled();
  });

  it("reports them from Profile options, sent on to their server by default", async () => {
    const REPORT = `${PERSON}/report`;
    const { calls, user } = renderAt("/@carol@social.example", (request) =>
      request.method === "POST" && request.path === REPORT ? json({ ok: true }) : found()(request),
    );
    await user.click(await screen.findByRole("button", { name: "Profile options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Report @carol@social.example" }));
    const dialog = await screen.findByRole("dialog", { name: "Report @carol@social.example" });
    const forward = await within(dialog).findByRole("checkbox", {
      name: /Also send this report to social\.example/,
    });
    expect((forward as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole("radio", { name: "Something else" }));
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByText("Tell us what is wrong.")).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox", { name: "Details" }), "Threats in DMs");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(REPORT_SENT)).toBeTruthy();
    expect(calls.filter((c) => c.path === REPORT).map((c) => c.body)).toEqual([
      { reason: "other", details: "Threats in DMs", noteIds: [], forward: true },
    ]);
  });

  it("says so when their server does not know the person", async () => {
    renderAt("/@nobody@social.example", ({ path }) =>
      path.startsWith("/api/federation/lookup")
        ? apiError(404, "We could not find that person on their server.")
        : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Profile Not Found" })).toBeTruthy();
    expect(screen.getByText("We could not find that person on their server.")).toBeTruthy();
  });

  it("offers Retry when the lookup fails, and shows the person once it works", async () => {
    let fail = true;
    const { user } = renderAt("/@carol@social.example", (request) =>
      request.path === LOOKUP && fail
        ? apiError(502, "Their server did not answer.")
        : found()(request),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to load profile: Their server did not answer.",
    );
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Carol Shaw" })).toBeTruthy();
  });

  it("shows the sign-in screen to a visitor, asking nothing", async () => {
    const { calls } = renderAt("/@carol@social.example", () => undefined, null);
    expect(await screen.findByText("Sign in to continue.", {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith("/api/federation"))).toEqual([]),
    );
  });
});
