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
    const input = screen.getByLabelText("Add images");
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
    await user.upload(screen.getByLabelText("Add images"), photo());
    expect(screen.getByRole("img", { name: "Preview of cat.jpg" })).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Description of image 1" }), "A cat");
    await user.click(postButton());

    expect(await screen.findByText("Failed to create post")).toBeTruthy();
    expect(
      (screen.getByRole("textbox", { name: "Description of image 1" }) as HTMLTextAreaElement)
        .value,
    ).toBe("A cat");
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
    await user.upload(screen.getByLabelText("Add images"), photo());
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
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
  // docs/feed.md "Content warnings": the warning and the image's flag go with the post.
  it("sends a content warning and a sensitive image, then closes the warning's field", async () => {
    const created = makePost({
      author: ADA,
      isAuthor: true,
      content: "The ending",
      contentWarning: "Spoilers",
    });
    const { user, box, calls } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: created }, 201) : undefined,
    );
    const warn = screen.getByRole("button", { name: "Content warning" });
    expect(warn.getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByRole("textbox", { name: /Content warning/ })).toBeNull();
    await user.click(warn);
    expect(warn.getAttribute("aria-pressed")).toBe("true");
    await user.type(screen.getByRole("textbox", { name: /Content warning/ }), " Spoilers ");
    await user.type(box, "The ending");
    await user.upload(screen.getByLabelText("Add images"), photo());
    await user.click(screen.getByRole("checkbox", { name: /Mark image as sensitive/ }));
    await user.click(postButton());
    await user.click(await screen.findByRole("button", { name: "Post anyway" }));

    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("contentWarning")).toBe("Spoilers");
    expect(form.get("imageSensitive")).toBe("true");
    expect(screen.queryByRole("textbox", { name: /Content warning/ })).toBeNull();
  });

  it("sends no warning once its field is closed again", async () => {
    const created = makePost({ author: ADA, isAuthor: true, content: "Plain" });
    const { user, box, calls } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: created }, 201) : undefined,
    );
    const warn = screen.getByRole("button", { name: "Content warning" });
    await user.click(warn);
    await user.type(screen.getByRole("textbox", { name: /Content warning/ }), "Never mind");
    await user.click(warn);
    await user.type(box, "Plain");
    await user.click(postButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("contentWarning")).toBeNull();
    expect(form.get("imageSensitive")).toBeNull();
  });

  // docs/safety.md "Who can reply and write": a select, everyone until changed, back to everyone
  // once posted.
  it("sends who can reply when it is not everyone", async () => {
    const created = makePost({
      author: ADA,
      isAuthor: true,
      content: "Quiet",
      replyPolicy: "friends",
    });
    const { user, box, calls } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: created }, 201) : undefined,
    );
    const choice = screen.getByRole("combobox", { name: "Who can reply" }) as HTMLSelectElement;
    expect(choice.value).toBe("everyone");
    expect([...choice.options].map((o) => o.text)).toEqual([
      "Everyone can reply",
      "People you follow can reply",
      "Only friends can reply",
      "Nobody can reply",
    ]);
    await user.selectOptions(choice, "Only friends can reply");
    await user.type(box, "Quiet");
    await user.click(postButton());
    await waitFor(() => expect(choice.value).toBe("everyone"));
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("replyPolicy")).toBe("friends");

    await user.type(box, "Loud");
    await user.click(postButton());
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    const second = calls.filter((c) => c.method === "POST")[1]?.body as FormData;
    expect(second.get("replyPolicy")).toBeNull();
  });

  // docs/feed.md "Images": up to four, in order, each with its description.
  it("sends four images in order with their descriptions, and refuses a fifth", async () => {
    const created = makePost({ author: ADA, isAuthor: true, content: "Four" });
    const { user, box, calls } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: created }, 201) : undefined,
    );
    await user.type(box, "Four");
    const shots = [1, 2, 3, 4, 5].map(
      (n) => new File(["jpeg"], `p${n}.jpg`, { type: "image/jpeg" }),
    );
    await user.upload(screen.getByLabelText("Add images"), shots.slice(0, 3));
    await user.upload(screen.getByLabelText("Add images"), shots.slice(3));
    expect(screen.getByRole("alert").textContent).toBe("A post can have at most 4 images.");
    expect(screen.getAllByRole("img", { name: /^Preview of/ })).toHaveLength(4);
    for (const n of [1, 2, 4]) {
      await user.type(
        screen.getByRole("textbox", { name: `Description of image ${n}` }),
        `Shot ${n}`,
      );
    }
    // Removing the third moves the fourth up; the description goes with its image.
    await user.click(screen.getByRole("button", { name: "Remove image 3" }));
    await user.type(screen.getByRole("textbox", { name: "Description of image 3" }), "!");
    await user.click(postButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect((form.getAll("image") as File[]).map((file) => file.name)).toEqual([
      "p1.jpg",
      "p2.jpg",
      "p4.jpg",
    ]);
    expect([form.get("alt0"), form.get("alt1"), form.get("alt2")]).toEqual([
      "Shot 1",
      "Shot 2",
      "Shot 4!",
    ]);
  });

  it("asks before posting an image without a description, and takes the author to its field", async () => {
    const created = makePost({ author: ADA, isAuthor: true, content: "Look" });
    const { user, box, calls } = renderHome(({ method, path }) =>
      method === "POST" && path === "/api/posts" ? json({ post: created }, 201) : undefined,
    );
    await user.type(box, "Look");
    fireEvent.paste(box, { clipboardData: { files: [photo()], getData: () => "" } });
    expect(screen.getByRole("img", { name: "Preview of cat.jpg" })).toBeTruthy();
    await user.click(postButton());
    const prompt = await screen.findByRole("alertdialog", { name: "Post without a description?" });
    expect(prompt.textContent).toContain(
      "Add a description so people using screen readers know what's in the image.",
    );
    await user.click(within(prompt).getByRole("button", { name: "Add description" }));
    const field = screen.getByRole("textbox", { name: "Description of image 1" });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(postButton());
    await user.click(await screen.findByRole("button", { name: "Post anyway" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("alt0")).toBeNull();
  });
});
