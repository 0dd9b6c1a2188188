import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { profileKeys } from "../../state/queries/profiles";
import { ADA, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { profileOf } from "../../test-support/safety";
import { ProfileBanner } from "../Profile/profile-banner";
import { BannerUploader } from "./banner-uploader";

const BANNER = "/media/u/616461/banner/0123456789abcdef0123456789abcdef.jpg";
const owner: ProfileView = { ...profileOf(ADA), isOwner: true };

/** The uploader over the cached profile, as the edit form holds it. */
function Harness() {
  const { data } = useQuery<ProfileView>({
    queryKey: profileKeys.detail(owner.handle),
    queryFn: () => Promise.reject(new Error("seeded only")),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? <BannerUploader profile={data} /> : null;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:banner-preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("BannerUploader", () => {
  it("uploads a chosen image at once, then offers to change or remove it", async () => {
    const calls = stubFetch(({ method }) =>
      json({ profile: { ...owner, bannerUrl: method === "PUT" ? BANNER : null } }),
    );
    renderWithRoutes([{ path: "/", element: <Harness /> }], {
      url: "/",
      viewer: ADA,
      seed: (qc) => qc.setQueryData(profileKeys.detail(owner.handle), owner),
    });
    const user = userEvent.setup({ applyAccept: false });
    expect(screen.getByText("No banner")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove banner" })).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[name="banner"]');
    if (!input) throw new Error("no banner input");

    const big = new File(["png"], "wide.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 8 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await screen.findByText("Image is too large. Max 8MB.")).toBeTruthy();
    expect(calls).toEqual([]);

    await user.upload(input, new File(["jpg"], "wide.jpg", { type: "image/jpeg" }));
    expect(await screen.findByText("Banner uploaded")).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ["PUT", `/api/profiles/${ADA.userId}/banner`],
    ]);
    expect(document.querySelector("img")?.getAttribute("src")).toBe(BANNER);
    expect(screen.getByRole("button", { name: "Change banner" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove banner" }));
    expect(await screen.findByText("Banner removed")).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/api/profiles/${ADA.userId}/banner`,
    });
    expect(screen.getByRole("button", { name: "Upload banner" })).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
  });
});

describe("ProfileBanner", () => {
  it("shows the banner as a decorative image", () => {
    renderWithRoutes([{ path: "/", element: <ProfileBanner url={BANNER} /> }], {
      url: "/",
      viewer: null,
    });
    const image = document.querySelector("img");
    expect(image?.getAttribute("src")).toBe(BANNER);
    expect(image?.getAttribute("alt")).toBe("");
    expect(screen.queryByRole("img")).toBeNull();
  });
});
