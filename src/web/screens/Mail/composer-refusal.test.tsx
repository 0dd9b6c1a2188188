// A conversation the reader may not write in (docs/mail.md "Who can be written to"): the Message
// button opens it, and its composer says why before anyone types, its fields disabled.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeThread } from "../../test-support/mail";
import { ADA, GRACE, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { ProfileActions } from "../Profile/profile-actions";
import { MailScreen } from "./mail-screen";

const REFUSAL = "Grace Hopper doesn't accept messages from you.";
const closed = {
  ...makeThread({ with: GRACE }),
  refusal: { code: "messages_closed", message: REFUSAL },
};

function renderMail(url: string) {
  const calls = stubFetch(({ method, path }) => {
    const thread = `/api/mail/threads/${closed.id}`;
    if (method === "GET" && path === "/api/mail/threads") {
      return json({ items: [], nextCursor: null });
    }
    if (method === "GET" && path.startsWith("/api/follows/status/")) {
      return json({ following: false, state: "none" });
    }
    if (method === "POST" && path === "/api/mail/threads/direct") return json({ thread: closed });
    if (method === "GET" && path === thread) return json({ thread: closed });
    if (method === "GET" && path === `${thread}/messages`) {
      return json({ items: [], nextCursor: null });
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [
      { path: "/mail", element: <MailScreen /> },
      {
        path: "/grace",
        element: (
          <ProfileActions
            handle="grace"
            userId={GRACE.userId}
            isOwner={false}
            privateAccount={false}
          />
        ),
      },
    ],
    { url, viewer: ADA },
  );
  return { ...rendered, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a composer whose recipient does not take the reader's messages", () => {
  it("says why and disables its fields as the Message button opens it", async () => {
    const { user, calls } = renderMail("/grace");
    await user.click(screen.getByRole("button", { name: "Message" }));
    const pane = (await screen.findByRole("heading", { level: 2, name: "Grace Hopper" })).closest(
      "section",
    ) as HTMLElement;
    expect(within(pane).getByText(REFUSAL)).toBeTruthy();
    const body = within(pane).getByLabelText("Message");
    expect(body).toHaveProperty("disabled", true);
    expect(body.getAttribute("aria-describedby")).toBe(
      within(pane).getByText(REFUSAL).getAttribute("id"),
    );
    expect(within(pane).getByLabelText("Subject")).toHaveProperty("disabled", true);
    expect(within(pane).getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
    expect(document.activeElement).not.toBe(body);
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/messages"))).toBe(false);
  });
});
