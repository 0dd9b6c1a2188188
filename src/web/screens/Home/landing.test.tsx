import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRoutes, stubFetch } from "../../test-support/posts";
import { Landing } from "./landing";

afterEach(() => vi.unstubAllGlobals());

const point = (title: string) => {
  const heading = screen.getByRole("heading", { name: title, level: 3 });
  return within(heading.closest("li") as HTMLElement);
};

describe("Landing", () => {
  it("marks the points that are not built yet as coming soon", async () => {
    stubFetch(() => undefined);
    renderWithRoutes([{ path: "/", element: <Landing /> }], { url: "/", viewer: null });
    await screen.findByRole("heading", { name: "chtcht", level: 1 });

    for (const title of [
      "Brand your profile",
      "DMs via the email protocol",
      "Discover people by categories",
      "Message posts",
    ]) {
      expect(point(title).queryByText("Coming soon")).toBeNull();
    }
    expect(point("Profile badges").queryByText("Coming soon")).toBeNull();
    expect(point("Profile badges").getByText(/yellow badge to organisations/)).toBeTruthy();
  });

  it("says a short username can be reserved today, and from what price", async () => {
    stubFetch(() => undefined);
    renderWithRoutes([{ path: "/", element: <Landing /> }], { url: "/", viewer: null });
    await screen.findByRole("heading", { name: "chtcht", level: 1 });
    expect(
      point("Brand your profile").getByText(
        /Reserve a short username of your choice by yearly subscription, from \$10 a year\./,
      ),
    ).toBeTruthy();
  });
});
