import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postKeys } from "../../state/queries/posts";
import { profileKeys } from "../../state/queries/profiles";
import {
  ADA,
  apiError,
  feedData,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  sessionFor,
  stubFetch,
} from "../../test-support/posts";
import { profileOf } from "../../test-support/safety";
import { FeedHome } from "./feed-home";
import { COMPOSER_LABEL } from "./post-composer";

const older = makePost({ content: "An older post" });

function renderHome(route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes([{ path: "/", element: <FeedHome user={sessionFor(ADA)} /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => {
      qc.setQueryData(postKeys.feed(), feedData([older]));
      // The person's own profile, which the first-run checklist above the feed reads.
      qc.setQueryData(profileKeys.detail(ADA.handle), { ...profileOf(ADA), isOwner: true });
    },
  });
  return { ...rendered, calls, box: screen.getByLabelText(COMPOSER_LABEL) };
}

const postButton = () => screen.getByRole("button", { name: "Post" });
const photo = () => new File(["jpeg bytes"], "cat.jpg", { type: "image/jpeg" });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PostComposer", () => {
  it("counts characters and keeps Post disabled while the text is empty", async () => {
    const { user, box } = renderHome(() => undefined);
    expect(screen.getByText("0/500")).toBeTruthy();
    expect(postButton()).toHaveProperty("disabled", true);
    await user.type(box, "   ");
    expect(postButton()).toHaveProperty("disabled", true);
    await user.type(box, "Hello");
    expect(screen.getByText("8/500")).toBeTruthy();
    expect(postButton()).toHaveProperty("disabled", false);
    expect(box.getAttribute("maxlength")).toBe("500");
  });

  it("checks the image type and size before uploading", async () => {
    renderHome(() => undefined);
    const input = screen.getByLabelText("Add image");
    fireEvent.change(input, {
      target: { files: [new File(["gif"], "a.gif", { type: "image/gif" })] },
    });
    expect(screen.getByRole("alert").textContent).toBe("Please upload a JPG, PNG, or WEBP image.");
    const huge = photo();
    Object.defineProperty(huge, "size", { value: 8 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(screen.getByRole("alert").textContent).toBe("Image is too large. Max 8MB.");
    expect(screen.queryByRole("img", { name: /Preview/ })).toBeNull();
  });

  it("keeps the text and the image when posting fails, and says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, box, calls } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? apiError(500, "") : undefined,
    );
    await user.type(box, "My first post");
    await user.upload(screen.getByLabelText("Add image"), photo());
    expect(screen.getByRole("img", { name: "Preview of cat.jpg" })).toBeTruthy();
    await user.click(postButton());

    expect(await screen.findByText("Failed to create post")).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe("My first post");
    expect(screen.getByRole("img", { name: "Preview of cat.jpg" })).toBeTruthy();
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("content")).toBe("My first post");
    expect((form.get("image") as File).name).toBe("cat.jpg");
  });

  it("clears itself and puts the new post at the top of the feed", async () => {
    const created = makePost({ author: ADA, isAuthor: true, content: "Fresh off the press" });
    const { user, box } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: created }, 201) : undefined,
    );
    await user.type(box, "  Fresh off the press ");
    await user.upload(screen.getByLabelText("Add image"), photo());
    await user.click(screen.getByRole("button", { name: "Remove image" }));
    expect(screen.queryByRole("img", { name: "Preview of cat.jpg" })).toBeNull();
    await user.click(postButton());

    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    const feed = screen.getByRole("region", { name: "Feed" });
    const titles = () =>
      within(feed)
        .getAllByRole("article")
        .map((a) => a.textContent);
    await waitFor(() => expect(titles()[0]).toContain("Fresh off the press"));
    expect(titles()[1]).toContain("An older post");
  });
});
