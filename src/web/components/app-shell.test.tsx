import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, renderWithRoutes, stubFetch } from "../test-support/posts";
import { AppShell } from "./app-shell";

afterEach(() => vi.unstubAllGlobals());

describe("AppShell header", () => {
  it("names the profile button with the initials it shows (WCAG 2.5.3 label in name)", async () => {
    stubFetch(() => undefined);
    renderWithRoutes([{ path: "/", element: <AppShell /> }], { url: "/", viewer: ADA });
    const button = await screen.findByRole("button", { name: "Your profile (AL)" });
    expect(button.textContent).toBe("AL");
  });
});
