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
      "DMs via the email protocol",
      "Discover people by categories",
      "Message posts",
    ]) {
      expect(point(title).queryByText("Coming soon")).toBeNull();
    }
    for (const title of ["Brand your profile", "Profile badges"]) {
      expect(point(title).getByText("Coming soon")).toBeTruthy();
    }
  });
});
