import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PoliciesScreen } from "./policies-screen";

describe("PoliciesScreen", () => {
  it("has one button named Back (to /) and one name per button (spec-1 §2)", async () => {
    const router = createMemoryRouter(
      [
        { path: "/", element: <p>Home screen</p> },
        { path: "/policies", element: <PoliciesScreen /> },
      ],
      { initialEntries: ["/policies"] },
    );
    render(<RouterProvider router={router} />);
    const dialog = await screen.findByRole("dialog", { name: "chtcht Policies" });
    expect(screen.getAllByRole("button", { name: /back/i })).toHaveLength(1);
    const names = Array.from(dialog.querySelectorAll("button"), (button) =>
      (button.getAttribute("aria-label") ?? button.textContent ?? "").trim(),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("Scroll to top");
    screen.getByRole("button", { name: "Back" }).click();
    expect(await screen.findByText("Home screen")).toBeTruthy();
  });
});
