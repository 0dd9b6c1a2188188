import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BLOCK_EXPLAINED } from "../../components/safety/block-dialog";
import {
  ADA,
  type Call,
  GRACE,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import {
  profileOf,
  routes,
  type SafetyState,
  safetyApi,
  safetyState,
} from "../../test-support/safety";
import { ProfileScreen } from "./profile-screen";

const post = makePost({ author: GRACE, content: "Compilers are fun" });

/** Grace's profile, seen by Ada; her posts are hidden from Ada while Ada blocks her. */
function renderProfile(state: SafetyState) {
  const profile: Route = ({ method, path }) => {
    if (method !== "GET") return undefined;
    if (path === "/api/profiles/grace") return json({ profile: profileOf(GRACE) });
    if (path === `/api/follows/status/${GRACE.userId}`)
      return json({ following: true, state: "following" });
    if (path.startsWith(`/api/users/${GRACE.userId}/posts`)) {
      const items = state.blocks.has(GRACE.userId) ? [] : [post];
      return json({ items, nextCursor: null });
    }
    return undefined;
  };
  const calls = stubFetch(routes(safetyApi(state), profile));
  const rendered = renderWithRoutes([{ path: "/:handle", element: <ProfileScreen /> }], {
    url: "/grace",
    viewer: ADA,
  });
  return { ...rendered, calls };
}

async function openOptions(user: ReturnType<typeof renderProfile>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Profile options" }));
  return screen.findByRole("menu");
}

const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Profile options", () => {
  it("lists Block, Mute and Report for someone else's profile", async () => {
    const { user } = renderProfile(safetyState());
    const menu = await openOptions(user);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Block @grace", "Mute @grace", "Report @grace"]);
  });

  it("blocks after confirming: the posts give way to 'You blocked @grace' with Unblock", async () => {
    const state = safetyState();
    const { user, calls } = renderProfile(state);
    expect(await screen.findByText("Compilers are fun")).toBeTruthy();
    const menu = await openOptions(user);
    await user.click(within(menu).getByRole("menuitem", { name: "Block @grace" }));

    const confirm = await screen.findByRole("alertdialog", { name: "Block @grace?" });
    expect(within(confirm).getByText(BLOCK_EXPLAINED)).toBeTruthy();
    // Cancel changes nothing.
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(sent(calls, "POST", `/api/safety/blocks/${GRACE.userId}`)).toHaveLength(0);

    await user.click(await screen.findByRole("button", { name: "Profile options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Block @grace" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Block" }),
    );

    expect(await screen.findByRole("heading", { name: "You blocked @grace" })).toBeTruthy();
    expect(sent(calls, "POST", `/api/safety/blocks/${GRACE.userId}`)).toHaveLength(1);
    expect(screen.queryByText("Compilers are fun")).toBeNull();
    expect(screen.queryByRole("button", { name: "Following" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Message" })).toBeNull();
    expect(await screen.findByText("Blocked @grace")).toBeTruthy();
    // The menu now offers Unblock.
    const again = await openOptions(user);
    expect(within(again).getByRole("menuitem", { name: "Unblock @grace" })).toBeTruthy();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Unblock" }));
    expect(await screen.findByText("Compilers are fun")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "You blocked @grace" })).toBeNull();
    expect(sent(calls, "DELETE", `/api/safety/blocks/${GRACE.userId}`)).toHaveLength(1);
    expect(state.blocks.size).toBe(0);
  });

  it("shows the blocked state straight away for someone already blocked", async () => {
    const state = safetyState();
    state.blocks.set(GRACE.userId, GRACE);
    renderProfile(state);
    expect(await screen.findByRole("heading", { name: "You blocked @grace" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Posts" })).toBeNull();
  });

  it("mutes and unmutes with a toast saying what muting does", async () => {
    const state = safetyState();
    const { user } = renderProfile(state);
    const menu = await openOptions(user);
    await user.click(within(menu).getByRole("menuitem", { name: "Mute @grace" }));
    expect(
      await screen.findByText(
        "Muted @grace. Their posts and comments are hidden from your feed and activity.",
      ),
    ).toBeTruthy();
    expect(state.mutes.has(GRACE.userId)).toBe(true);
    // Muting hides nothing on the profile itself.
    expect(screen.getByText("Compilers are fun")).toBeTruthy();

    const again = await openOptions(user);
    await user.click(within(again).getByRole("menuitem", { name: "Unmute @grace" }));
    expect(await screen.findByText("Unmuted @grace")).toBeTruthy();
    await waitFor(() => expect(state.mutes.size).toBe(0));
  });

  it("opens the report dialog for the profile", async () => {
    const { user, calls } = renderProfile(safetyState());
    const menu = await openOptions(user);
    await user.click(within(menu).getByRole("menuitem", { name: "Report @grace" }));
    const dialog = await screen.findByRole("dialog", { name: "Report @grace" });
    await user.click(await within(dialog).findByRole("radio", { name: "Impersonation" }));
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(sent(calls, "POST", "/api/reports")).toHaveLength(1));
    expect(sent(calls, "POST", "/api/reports")[0]?.body).toMatchObject({
      targetType: "profile",
      targetId: GRACE.userId,
      reason: "impersonation",
    });
  });

  it("is not offered on one's own profile", async () => {
    stubFetch(({ path }) => {
      if (path === "/api/profiles/ada")
        return json({ profile: { ...profileOf(ADA), isOwner: true } });
      if (path === "/api/usernames/mine") return json({ username: null });
      if (path.startsWith(`/api/users/${ADA.userId}/posts`))
        return json({ items: [], nextCursor: null });
      return undefined;
    });
    renderWithRoutes([{ path: "/:handle", element: <ProfileScreen /> }], {
      url: "/ada",
      viewer: ADA,
    });
    expect(await screen.findByRole("link", { name: "Edit Profile" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Profile options" })).toBeNull();
  });
});
