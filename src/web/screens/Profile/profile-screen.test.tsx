import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { ProfileScreen } from "./profile-screen";

const grace: ProfileView = {
  userId: "u2",
  handle: "grace",
  username: "grace",
  defaultUsername: "grace.hopper",
  fullName: "Grace Hopper",
  chtchtEmail: "grace@chtcht.local",
  profileImageUrl: "/media/avatars/grace.jpg",
  bannerUrl: null,
  verificationType: "yellow",
  veteran: true,
  about: "Rear admiral.",
  websiteUrl: "www.grace.example.org",
  websiteVerified: false,
  counts: { friends: 3, following: 12, followers: 1200 },
  privateAccount: false,
  postsHidden: null,
  lists: { followers: false, following: false, friends: false },
  attributes: {
    country: "United States",
    state: "New York",
    county: null,
    city: "New York, NY",
    age: 85,
    gender: "Female",
    race: null,
    sexuality: null,
    zodiac: "Sagittarius",
    body_types: null,
    height: null,
    relationship_status: null,
    kids: null,
    occupation: null,
    military_branch: "Navy",
    military_base: null,
    university: "Yale",
    hbcu: null,
    salary: null,
    networth: null,
    greek: null,
    religion: null,
    education: null,
    causes: null,
  },
  pictures: ["/media/p/1.jpg", null, "/media/p/3.jpg", null, null, null, null, null, null],
  isOwner: false,
  emailAddress: null,
  privacy: null,
};

type Reply = { status: number; body: unknown };
let profileReply: Reply;
let sessionUser: unknown;
let profileCalls: number;
let following: boolean;
let mine: unknown;
let mineCalls: number;

const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  profileCalls = 0;
  sessionUser = null;
  following = false;
  mine = null;
  mineCalls = 0;
  profileReply = { status: 200, body: { profile: grace } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path === "/api/auth/session") return json({ status: 200, body: { user: sessionUser } });
      if (path === "/api/usernames/mine") {
        mineCalls += 1;
        return json({ status: 200, body: { username: mine } });
      }
      if (path === "/api/follows/status/u2") {
        return json({
          status: 200,
          body: { following, state: following ? "following" : "none" },
        });
      }
      if (path === "/api/follows/toggle") {
        following = !following;
        return json({
          status: 200,
          body: {
            following,
            state: following ? "following" : "none",
            counts: { ...grace.counts, followers: grace.counts.followers + (following ? 1 : 0) },
          },
        });
      }
      if (path.startsWith("/api/users/u2/posts")) {
        return json({ status: 200, body: { items: [], nextCursor: null } });
      }
      if (path === "/api/mail/threads/direct") {
        const { userId, fullName, handle, username, profileImageUrl, verificationType, veteran } =
          grace;
        const person = {
          userId,
          fullName,
          handle,
          username,
          profileImageUrl,
          verificationType,
          veteran,
        };
        return json({
          status: 200,
          body: {
            thread: {
              id: "t1",
              other: { kind: "person", person },
              latestMessage: null,
              lastMessageAt: null,
              unread: false,
            },
          },
        });
      }
      if (path.startsWith("/api/profiles/")) {
        profileCalls += 1;
        return json(profileReply);
      }
      throw new TypeError(`unexpected ${path}`);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <p>Home screen</p> },
      { path: "/signup", element: <p>Sign-in screen</p> },
      { path: "/mail", element: <p>Mail screen</p> },
      { path: "/:handle", element: <ProfileScreen /> },
      { path: "/:handle/edit-profile", element: <p>Editor</p> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const meta = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.getAttribute("content");

describe("ProfileScreen", () => {
  it("marks a website whose page links back to the profile", async () => {
    profileReply = { status: 200, body: { profile: { ...grace, websiteVerified: true } } };
    renderAt("/grace");
    const website = await screen.findByRole("link", { name: "grace.example.org" });
    const mark = screen.getByRole("img", {
      name: "Verified: this page links back to the profile",
    });
    expect(mark.getAttribute("title")).toBe("Verified: this page links back to the profile");
    expect(website.parentElement?.contains(mark)).toBe(true);
  });

  it("shows the profile to a visitor, with badges, a safe website link and the details", async () => {
    const { router, user } = renderAt("/grace");
    expect(screen.getByText("Loading...")).toBeTruthy();
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toContain("Grace Hopper");
    expect(within(heading).getByRole("img", { name: "Verified (yellow)" })).toBeTruthy();
    expect(within(heading).getByRole("img", { name: "Veteran" })).toBeTruthy();
    expect(screen.getByText("@grace")).toBeTruthy();
    expect(screen.getByText("Rear admiral.")).toBeTruthy();
    expect(screen.getByText("grace@chtcht.local")).toBeTruthy();

    const website = screen.getByRole("link", { name: "grace.example.org" });
    expect(website.getAttribute("href")).toBe("https://www.grace.example.org/");
    expect(website.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(website.getAttribute("target")).toBe("_blank");
    expect(screen.queryByRole("img", { name: /links back/ })).toBeNull();

    // Counters are plain numbers for now, not buttons.
    expect(screen.getByText("1,200")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Followers/ })).toBeNull();

    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getByText("New York, NY")).toBeTruthy();
    expect(within(details).getByText("85")).toBeTruthy();
    expect(within(details).getByText("Military Branch")).toBeTruthy();
    expect(within(details).queryByText("Race")).toBeNull();

    expect(await screen.findByText("No posts yet")).toBeTruthy();
    expect(document.title).toBe("Grace Hopper (@grace) · chtcht");
    expect(meta('meta[property="og:image"]')).toBe(
      `${window.location.origin}/media/avatars/grace.jpg`,
    );
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${window.location.origin}/grace`,
    );

    // Pictures open larger; Escape closes.
    expect(screen.queryByRole("button", { name: "Open picture 2" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Open picture 3" }));
    expect(screen.getByRole("dialog", { name: "Picture 3" })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Signed out, Follow asks to sign up and come back here.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Follow" })).toHaveProperty("disabled", false),
    );
    await user.click(screen.getByRole("button", { name: "Follow" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.search).toBe("?next=%2Fgrace");
  });

  it("signed in, Follow toggles to Following and Message opens the thread with them", async () => {
    sessionUser = {
      id: "u1",
      email: "ada@example.com",
      fullName: "Ada",
      handle: "ada",
      profileImageUrl: null,
      verificationType: "none",
    };
    const { router, user } = renderAt("/grace");
    await screen.findByRole("heading", { level: 1 });
    await user.click(await screen.findByRole("button", { name: "Follow" }));
    const pressed = await screen.findByRole("button", { name: "Following" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    expect(following).toBe(true);
    await user.click(screen.getByRole("button", { name: "Message" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/mail"));
    expect(router.state.location.search).toBe("?thread=t1");
  });

  it("gives the owner Edit Profile and Logout", async () => {
    profileReply = { status: 200, body: { profile: { ...grace, isOwner: true } } };
    const { router, user } = renderAt("/grace");
    await user.click(await screen.findByRole("link", { name: "Edit Profile" }));
    expect(router.state.location.pathname).toBe("/grace/edit-profile");
    expect(screen.queryByRole("button", { name: "Follow" })).toBeNull();
  });

  it("offers its owner without a reserved username 'Get a custom username', which opens Reserve Username", async () => {
    profileReply = {
      status: 200,
      body: { profile: { ...grace, username: null, handle: "grace.hopper", isOwner: true } },
    };
    const { user } = renderAt("/grace.hopper");
    await user.click(await screen.findByRole("button", { name: "Get a custom username" }));
    // Its code loads as it first opens (components/account/reserve-username-dialog.tsx).
    expect(await screen.findByRole("dialog", { name: "Reserve Username" })).toBeTruthy();
  });

  it("offers no custom username to an owner who has one, nor on someone else's profile", async () => {
    profileReply = { status: 200, body: { profile: { ...grace, isOwner: true } } };
    renderAt("/grace");
    await screen.findByRole("link", { name: "Edit Profile" });
    expect(screen.queryByRole("button", { name: "Get a custom username" })).toBeNull();
    cleanup();

    profileReply = {
      status: 200,
      body: { profile: { ...grace, username: null, handle: "grace.hopper" } },
    };
    renderAt("/grace.hopper");
    await screen.findByRole("button", { name: "Follow" });
    expect(screen.queryByRole("button", { name: "Get a custom username" })).toBeNull();
  });

  it("moves a handle typed in another case to the canonical address", async () => {
    const { router } = renderAt("/GRACE?tab=posts");
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/grace"));
    expect(router.state.location.search).toBe("?tab=posts");
  });

  it.each([
    ["a default username", "/grace.hopper"],
    ["a released name in its redirect window", "/amazing.grace"],
  ])("moves %s to the canonical handle, without loading it again", async (_case, url) => {
    const { router } = renderAt(`${url}?tab=posts`);
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/grace"));
    expect(router.state.location.search).toBe("?tab=posts");
    expect(profileCalls).toBe(1);
  });

  it("shows its owner the lapsed-username banner, with Renew to the edit page", async () => {
    sessionUser = {
      id: "u2",
      email: "grace@example.com",
      fullName: "Grace Hopper",
      handle: "grace",
      profileImageUrl: null,
      verificationType: "yellow",
    };
    mine = {
      name: "grace",
      status: "grace",
      provider: "stripe",
      yearlyUsd: 30,
      periodEndsAt: "2027-03-14T12:00:00.000Z",
      cancelAtPeriodEnd: false,
      graceEndsAt: "2027-04-13T12:00:00.000Z",
    };
    profileReply = { status: 200, body: { profile: { ...grace, isOwner: true } } };
    const { router, user } = renderAt("/grace");
    expect(
      await screen.findByText("Your username @grace lapsed. It stays yours until April 13, 2027."),
    ).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Renew" }));
    expect(router.state.location.pathname).toBe("/grace/edit-profile");
  });

  it("shows no banner to visitors, and does not ask about their own name", async () => {
    renderAt("/grace");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: "Renew" })).toBeNull();
    expect(mineCalls).toBe(0);
  });

  it("says a missing profile was not found, without retrying", async () => {
    profileReply = {
      status: 404,
      body: { error: { code: "not_found", message: "Profile not found for nobody" } },
    };
    const { router, user } = renderAt("/nobody");
    expect(await screen.findByRole("heading", { name: "Profile Not Found" })).toBeTruthy();
    expect(screen.getByText("Sorry, we couldn't find that profile.")).toBeTruthy();
    expect(profileCalls).toBe(1);
    expect(document.title).toBe("Profile Not Found · chtcht");
    await user.click(screen.getByRole("link", { name: "Go Home" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    [
      { status: 429, body: { error: { code: "rate_limited", message: "Too many requests." } } },
      "Failed to load profile: Too many requests.",
    ],
    [{ status: 400, body: "<html>Bad gateway</html>" }, "Failed to load profile: Unknown error"],
  ])("says why the profile failed to load, with Retry (%#)", async (reply, message) => {
    profileReply = reply;
    const { user } = renderAt("/grace");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    profileReply = { status: 200, body: { profile: grace } };
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Rear admiral.")).toBeTruthy();
  });

  it("reloads on 'profile:refresh', here or from another tab", async () => {
    renderAt("/grace");
    await screen.findByRole("heading", { level: 1 });
    expect(profileCalls).toBe(1);
    profileReply = { status: 200, body: { profile: { ...grace, fullName: "Amazing Grace" } } };
    act(() => {
      window.dispatchEvent(new Event("profile:refresh"));
    });
    expect(await screen.findByText("Amazing Grace")).toBeTruthy();
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "profile:refresh", newValue: "1" }));
    });
    await waitFor(() => expect(profileCalls).toBe(3));
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: "dark" }));
    });
    expect(profileCalls).toBe(3);
  });
});
