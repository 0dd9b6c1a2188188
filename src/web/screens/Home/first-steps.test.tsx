import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { setProfileCounts } from "../../state/queries/profile-counts";
import { profileKeys } from "../../state/queries/profiles";
import {
  ADA,
  NO_ATTRIBUTES,
  renderWithRoutes,
  sessionFor,
  stubFetch,
} from "../../test-support/posts";
import { profileOf } from "../../test-support/safety";
import { FirstSteps, firstStepsDismissedKey } from "./first-steps";

const newcomer: ProfileView = {
  ...profileOf({ ...ADA, username: null }),
  isOwner: true,
  counts: { friends: 0, following: 1, followers: 0 },
};

function renderSteps(profile: ProfileView = newcomer) {
  stubFetch(() => undefined);
  return renderWithRoutes([{ path: "/", element: <FirstSteps user={sessionFor(ADA)} /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(profileKeys.detail(ADA.handle), profile),
  });
}

const checklist = () => screen.getByRole("region", { name: "Get started" });
const items = () =>
  within(checklist())
    .getAllByRole("listitem")
    .map((item) => item.textContent);

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("FirstSteps", () => {
  it("lists the four first steps, none done, with links to the profile editor", () => {
    renderSteps();
    expect(within(checklist()).getByText("0 of 4 done")).toBeTruthy();
    expect(items()).toEqual([
      "Add a photo(to do)",
      "Fill in your details(to do)",
      "Follow 3 people (1/3)(to do)",
      "Reserve a username(to do)",
    ]);
    for (const name of ["Add a photo", "Fill in your details", "Reserve a username"]) {
      expect(screen.getByRole("link", { name }).getAttribute("href")).toBe("/ada/edit-profile");
    }
  });

  it("ticks the steps the profile shows done", () => {
    renderSteps({
      ...newcomer,
      profileImageUrl: "/media/ada.jpg",
      attributes: { ...NO_ATTRIBUTES, city: "Springfield, IL" },
    });
    expect(within(checklist()).getByText("2 of 4 done")).toBeTruthy();
    expect(items().slice(0, 2)).toEqual(["Add a photo(done)", "Fill in your details(done)"]);
    expect(screen.queryByRole("link", { name: "Add a photo" })).toBeNull();
  });

  it("ticks 'Follow 3 people' when the person's following count reaches 3", async () => {
    const { queryClient } = renderSteps();
    await act(async () => {
      setProfileCounts(queryClient, ADA.userId, { friends: 0, following: 3, followers: 0 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(items()[2]).toBe("Follow 3 people(done)");
    expect(within(checklist()).getByText("1 of 4 done")).toBeTruthy();
  });

  it("is not shown once every step is done", () => {
    renderSteps({
      ...newcomer,
      username: "ada",
      profileImageUrl: "/media/ada.jpg",
      attributes: { ...NO_ATTRIBUTES, age: 30 },
      counts: { friends: 2, following: 3, followers: 2 },
    });
    expect(screen.queryByRole("region", { name: "Get started" })).toBeNull();
  });

  it("hides when dismissed, and stays hidden on the next visit", async () => {
    const { user } = renderSteps();
    await user.click(screen.getByRole("button", { name: "Hide Get started" }));
    expect(screen.queryByRole("region", { name: "Get started" })).toBeNull();
    expect(window.localStorage.getItem(firstStepsDismissedKey(ADA.userId))).toBe("true");

    document.body.innerHTML = "";
    renderSteps();
    expect(screen.queryByRole("region", { name: "Get started" })).toBeNull();
  });
});
