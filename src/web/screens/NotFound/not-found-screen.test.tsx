import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NotFoundScreen } from "./not-found-screen";

describe("NotFoundScreen", () => {
  it("titles the page 'Page not found' as the server does, and gives the title back on leaving", async () => {
    document.title = "chtcht";
    const router = createMemoryRouter(
      [
        { path: "/", element: <p>Home screen</p> },
        { path: "*", element: <NotFoundScreen /> },
      ],
      { initialEntries: ["/a/b/c"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(document.title).toBe("Page not found · chtcht");
    await act(() => router.navigate("/"));
    expect(document.title).toBe("chtcht");
  });
});
