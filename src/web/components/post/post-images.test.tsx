// A post's images (docs/feed.md "Images"): the grid by count, each description as alt text and
// behind its ALT badge, and the viewer's keys: ← and → move (wrapping), Escape closes and gives the
// focus back to the image that opened it.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PostImageView } from "../../../domain/contracts/posts";
import { PostImages } from "./post-images";

const image = (n: number, alt = `Photo ${n}`): PostImageView => ({
  url: `/media/u/00/post/${n}.jpg`,
  alt,
  width: 1600,
  height: 1200,
});
const four = [image(1), image(2, ""), image(3), image(4)];

const items = () => within(screen.getByRole("list")).getAllByRole("listitem");

describe("PostImages", () => {
  it("lays four out 2×2, each with its description as alt text, and a badge where there is one", () => {
    render(<PostImages images={four} sensitive={false} />);
    const grid = screen.getByRole("list", { name: "4 images" });
    expect(grid.className).toContain("grid-cols-2");
    expect(grid.className).toContain("grid-rows-2");
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual([
      "Photo 1",
      "Image attached to the post",
      "Photo 3",
      "Photo 4",
    ]);
    expect(screen.getAllByRole("button", { name: "ALT: image description" })).toHaveLength(3);
  });

  it("gives the first of three the full height, and two images a row", () => {
    const { rerender } = render(
      <PostImages images={[image(1), image(2), image(3)]} sensitive={false} />,
    );
    expect(items().map((li) => li.className.includes("row-span-2"))).toEqual([true, false, false]);
    rerender(<PostImages images={[image(1), image(2)]} sensitive={false} />);
    const grid = screen.getByRole("list", { name: "2 images" });
    expect(grid.className).toContain("grid-cols-2");
    expect(grid.className).not.toContain("grid-rows-2");
  });

  it("shows a lone image whole at its stored shape, and one of unknown size in the 16:10 frame", () => {
    const { rerender } = render(
      <PostImages images={[{ ...image(1), width: 900, height: 1600 }]} sensitive={false} />,
    );
    const tall = screen.getByRole("img", { name: "Photo 1" });
    expect([tall.getAttribute("width"), tall.getAttribute("height")]).toEqual(["900", "1600"]);
    expect(tall.className).toContain("max-h-96");
    expect(tall.className).not.toContain("object-cover");
    rerender(
      <PostImages images={[{ ...image(1), width: null, height: null }]} sensitive={false} />,
    );
    expect(screen.getByRole("list", { name: "Image" }).className).toContain("aspect-[16/10]");
  });

  it("shows the description on the ALT badge's hover, focus and click, and Escape hides it", async () => {
    const user = userEvent.setup();
    render(<PostImages images={[image(1, "A heron on one leg")]} sensitive={false} />);
    const badge = screen.getByRole("button", { name: "ALT: image description" });
    const text = screen.getByText("A heron on one leg");
    expect(text.hidden).toBe(true);
    fireEvent.mouseEnter(badge);
    expect(text.hidden).toBe(false);
    fireEvent.mouseLeave(badge);
    expect(text.hidden).toBe(true);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(badge);
    expect(badge.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Escape}");
    expect(text.hidden).toBe(true);
    await user.click(badge);
    expect(text.hidden).toBe(false);
  });

  it("opens the viewer on the image clicked; arrows move and wrap, Escape closes and returns focus", async () => {
    const user = userEvent.setup();
    render(<PostImages images={four} sensitive={false} />);
    const opener = screen.getByRole("button", { name: "Open image 2 of 4" });
    await user.click(opener);
    const viewer = await screen.findByRole("dialog", { name: "Image 2 of 4" });
    expect(within(viewer).getByRole("img").getAttribute("src")).toBe("/media/u/00/post/2.jpg");
    await user.keyboard("{ArrowRight}");
    await screen.findByRole("dialog", { name: "Image 3 of 4" });
    expect(within(screen.getByRole("dialog")).getByText("Photo 3")).toBeTruthy();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    await screen.findByRole("dialog", { name: "Image 1 of 4" });
    await user.keyboard("{ArrowLeft}");
    await screen.findByRole("dialog", { name: "Image 4 of 4" });
    await user.click(screen.getByRole("button", { name: "Previous image" }));
    await screen.findByRole("dialog", { name: "Image 3 of 4" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("moves to the next image on a swipe to the left", async () => {
    const user = userEvent.setup();
    render(<PostImages images={four} sensitive={false} />);
    await user.click(screen.getByRole("button", { name: "Open image 1 of 4" }));
    const viewer = await screen.findByRole("dialog", { name: "Image 1 of 4" });
    const picture = within(viewer).getByRole("img");
    fireEvent.pointerDown(picture, { clientX: 300 });
    fireEvent.pointerUp(picture, { clientX: 200 });
    await screen.findByRole("dialog", { name: "Image 2 of 4" });
  });
});
