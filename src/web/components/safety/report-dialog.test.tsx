import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { postKeys, useFeedQuery } from "../../state/queries/posts";
import {
  ADA,
  apiError,
  type Call,
  feedData,
  json,
  makePost,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { routes, type SafetyState, safetyApi, safetyState } from "../../test-support/safety";
import { PostList } from "../post/post-list";
import { REPORT_SENT } from "./report-subject";

function Feed() {
  return <PostList query={useFeedQuery()} empty={<p>No posts yet</p>} />;
}

/** A feed of `posts` read by Ada, with the safety API; the feed leaves out blocked authors. */
function renderFeed(posts: PostView[], state: SafetyState, extra: Route = () => undefined) {
  const feed: Route = ({ method, path }) =>
    method === "GET" && path.startsWith("/api/feed")
      ? json({ items: posts.filter((p) => !state.blocks.has(p.author.userId)), nextCursor: null })
      : undefined;
  const calls = stubFetch(routes(extra, safetyApi(state), feed));
  const rendered = renderWithRoutes([{ path: "/", element: <Feed /> }], {
    url: "/",
    viewer: ADA,
    seed: (qc) => qc.setQueryData(postKeys.feed(), feedData(posts)),
  });
  return { ...rendered, calls };
}

async function openReport(user: ReturnType<typeof renderFeed>["user"]) {
  const article = screen.getByRole("article", { name: "Post by Grace Hopper" });
  await user.click(within(article).getByRole("button", { name: "Post options" }));
  await user.click(await screen.findByRole("menuitem", { name: "Report post" }));
  const dialog = await screen.findByRole("dialog", { name: "Report this post" });
  // The form's script loads as the dialog first opens.
  await within(dialog).findByRole("button", { name: "Submit" });
  return dialog;
}

const reports = (calls: Call[]) => calls.filter((c) => c.path === "/api/reports");

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ReportDialog", () => {
  it("asks for a reason, and for details when the reason is 'Something else'", async () => {
    const post = makePost();
    const { user, calls } = renderFeed([post], safetyState());
    const dialog = await openReport(user);

    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByText("Choose a reason.")).toBeTruthy();

    await user.click(within(dialog).getByRole("radio", { name: "Something else" }));
    expect(within(dialog).queryByText("Choose a reason.")).toBeNull();
    const details = within(dialog).getByRole("textbox", { name: "Details" });
    expect(details.hasAttribute("required")).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByText("Tell us what is wrong.")).toBeTruthy();
    expect(details.getAttribute("aria-invalid")).toBe("true");
    expect(reports(calls)).toHaveLength(0);

    await user.type(details, "Fake giveaway");
    expect(within(dialog).getByText("13/500")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await screen.findByText(REPORT_SENT)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(reports(calls)[0]?.body).toEqual({
      targetType: "post",
      targetId: post.id,
      reason: "other",
      details: "Fake giveaway",
      alsoBlock: false,
    });
    // The post stays: reporting alone hides nothing. Focus is back on the menu's button.
    expect(screen.getByText(post.content)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Post options" })),
    );
  });

  it("lists every reason, and details are optional for the others", async () => {
    const { user, calls } = renderFeed([makePost()], safetyState());
    const dialog = await openReport(user);
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual([
      "Spam",
      "Harassment or bullying",
      "Impersonation",
      "Nudity or sexual content",
      "Violence or threats",
      "Something else",
    ]);
    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    expect(within(dialog).getByRole("textbox", { name: "Details (optional)" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(REPORT_SENT)).toBeTruthy();
    expect(reports(calls)[0]?.body).toMatchObject({ reason: "spam", alsoBlock: false });
    expect(reports(calls)[0]?.body).not.toHaveProperty("details");
  });

  it("blocks the author in the same step, and their posts leave the feed", async () => {
    const state = safetyState();
    const post = makePost();
    const { user, calls } = renderFeed([post, makePost({ author: ADA })], state);
    const dialog = await openReport(user);
    await user.click(within(dialog).getByRole("radio", { name: "Harassment or bullying" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Also block @grace" }));
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await screen.findByText(REPORT_SENT)).toBeTruthy();
    expect(reports(calls)[0]?.body).toMatchObject({ reason: "harassment", alsoBlock: true });
    await waitFor(() => expect(screen.queryByText(post.content)).toBeNull());
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("keeps the dialog open with the server's message when sending fails", async () => {
    const { user } = renderFeed([makePost()], safetyState(), ({ path }) =>
      path === "/api/reports"
        ? apiError(429, "Too many reports. Try again in a minute.")
        : undefined,
    );
    const dialog = await openReport(user);
    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Too many reports. Try again in a minute.",
    );
    expect(screen.getByRole("dialog", { name: "Report this post" })).toBeTruthy();
    expect(screen.queryByText(REPORT_SENT)).toBeNull();
  });

  it("works from the keyboard, and Escape gives the focus back to the menu's button", async () => {
    const { user, calls } = renderFeed([makePost()], safetyState());
    const dialog = await openReport(user);
    // The dialog opens on its Close button; Tab reaches the reasons, Space picks one.
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Close" }));
    await user.tab();
    const spam = within(dialog).getByRole("radio", { name: "Spam" }) as HTMLInputElement;
    expect(document.activeElement).toBe(spam);
    await user.keyboard(" ");
    expect(spam.checked).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Post options" })),
    );
    expect(reports(calls)).toHaveLength(0);
  });
});
