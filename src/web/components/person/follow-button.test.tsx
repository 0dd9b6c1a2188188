import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FollowState } from "../../../domain/contracts/follows";
import { FOLLOW_FAILED } from "../../state/queries/follows";
import { ADA, apiError, GRACE, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { FollowButton } from "./follow-button";

const COUNTS = { friends: 0, following: 0, followers: 1 };

/** A server where Grace's account is private or not; the toggle moves her state as the server's
 * does (docs/social-and-realtime.md "Private accounts"). */
function renderButton(options: {
  state: FollowState;
  privateAccount: boolean;
  refuse?: boolean;
  following?: boolean;
  name?: string;
}) {
  const server = { state: options.state };
  const calls = stubFetch(({ method, path }) => {
    if (path === `/api/follows/status/${GRACE.userId}`) {
      return json({ following: server.state === "following", state: server.state });
    }
    if (method === "POST" && path === "/api/follows/toggle") {
      if (options.refuse) return apiError(500, "");
      server.state =
        server.state !== "none" ? "none" : options.privateAccount ? "requested" : "following";
      return json({ following: server.state === "following", state: server.state, counts: COUNTS });
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [
      {
        path: "/grace",
        element: (
          <FollowButton
            userId={GRACE.userId}
            privateAccount={options.privateAccount}
            {...(options.following === undefined ? {} : { following: options.following })}
            {...(options.name ? { name: options.name } : {})}
          />
        ),
      },
    ],
    { url: "/grace", viewer: ADA },
  );
  return { ...rendered, calls, server };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("FollowButton", () => {
  it("follows a public account: Follow becomes Following, pressed", async () => {
    const { user, server } = renderButton({ state: "none", privateAccount: false });
    const button = await screen.findByRole("button", { name: "Follow" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    await user.click(button);
    const following = await screen.findByRole("button", { name: "Following" });
    expect(following.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(following.getAttribute("aria-disabled")).toBeNull());
    expect(server.state).toBe("following");
  });

  it("asks a private account: Requested at once, named for what pressing it does", async () => {
    const { user, server } = renderButton({ state: "none", privateAccount: true });
    await user.click(await screen.findByRole("button", { name: "Follow" }));
    const requested = await screen.findByRole("button", {
      name: "Requested: cancel the follow request",
    });
    expect(requested.textContent).toContain("Requested");
    expect(requested.hasAttribute("aria-pressed")).toBe(false);
    await waitFor(() => expect(requested.getAttribute("aria-disabled")).toBeNull());
    expect(server.state).toBe("requested");
  });

  it("Requested, pressed by keyboard, takes the request back", async () => {
    const { user, server, calls } = renderButton({ state: "requested", privateAccount: true });
    const requested = await screen.findByRole("button", {
      name: "Requested: cancel the follow request",
    });
    await waitFor(() => expect(requested.getAttribute("aria-disabled")).toBeNull());
    requested.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Follow" })).toBe(document.activeElement);
    expect(server.state).toBe("none");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("Following, pressed, unfollows", async () => {
    const { user, server } = renderButton({ state: "following", privateAccount: true });
    const following = await screen.findByRole("button", { name: "Following" });
    await waitFor(() => expect(following.getAttribute("aria-disabled")).toBeNull());
    await user.click(following);
    expect(await screen.findByRole("button", { name: "Follow" })).toBeTruthy();
    expect(server.state).toBe("none");
  });

  it("in a list, names the person and shows a request made here", async () => {
    const { user } = renderButton({
      state: "none",
      privateAccount: true,
      following: false,
      name: "Grace Hopper",
    });
    await user.click(screen.getByRole("button", { name: "Follow Grace Hopper" }));
    expect(
      await screen.findByRole("button", {
        name: "Requested: cancel the request to follow Grace Hopper",
      }),
    ).toBeTruthy();
  });

  it("in a list, Follow on a request made before shows it rather than taking it back", async () => {
    const { user, server, calls } = renderButton({
      state: "requested",
      privateAccount: true,
      following: false,
      name: "Grace Hopper",
    });
    await user.click(screen.getByRole("button", { name: "Follow Grace Hopper" }));
    const requested = await screen.findByRole("button", {
      name: "Requested: cancel the request to follow Grace Hopper",
    });
    await waitFor(() => expect(requested.getAttribute("aria-disabled")).toBeNull());
    expect(server.state).toBe("requested");
    expect(calls.some((c) => c.path === "/api/follows/toggle")).toBe(false);
  });

  it("goes back to what it showed, and says so, when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderButton({ state: "none", privateAccount: true, refuse: true });
    await user.click(await screen.findByRole("button", { name: "Follow" }));
    expect(await screen.findByText(FOLLOW_FAILED)).toBeTruthy();
    const follow = screen.getByRole("button", { name: "Follow" });
    await waitFor(() => expect(follow.getAttribute("aria-disabled")).toBeNull());
  });
});
