// A post's text (docs/safety.md "New accounts"): its web addresses are links out, in a new tab and
// marked nofollow ugc, beside its mentions and hashtags; while its author is new
// (`linksInert`) and in text from elsewhere they stay text, the mentions and tags still links.
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PostText } from "./post-text";

const TEXT = "Hi @grace, see https://example.com/a?b=1. #News";

function show(props: { linksInert?: boolean; elsewhere?: boolean }) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <p>
          <PostText text={TEXT} {...props} />
        </p>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe("PostText", () => {
  it("links the address, without the sentence's full stop, beside the mention and the tag", () => {
    const { container } = show({});
    const link = screen.getByRole("link", { name: "https://example.com/a?b=1" });
    expect(link.getAttribute("href")).toBe("https://example.com/a?b=1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("nofollow ugc noopener noreferrer");
    expect(screen.getByRole("link", { name: "@grace" }).getAttribute("href")).toBe("/grace");
    expect(screen.getByRole("link", { name: "#News" })).toBeTruthy();
    expect(container.textContent).toBe(TEXT);
  });

  it("leaves the address as text while the author is new", () => {
    const { container } = show({ linksInert: true });
    expect(screen.queryByRole("link", { name: /example\.com/ })).toBeNull();
    expect(screen.getByRole("link", { name: "@grace" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "#News" })).toBeTruthy();
    expect(container.textContent).toBe(TEXT);
  });

  it("leaves the address of text from elsewhere as text", () => {
    show({ elsewhere: true });
    expect(screen.queryByRole("link", { name: /example\.com/ })).toBeNull();
  });
});
