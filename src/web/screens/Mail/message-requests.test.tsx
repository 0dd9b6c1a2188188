// Mail's message requests (docs/mail.md "Message requests"): 'Requests' above the list while some
// wait, the list it leads to, and a request's conversation with Accept (into Mail's list) and
// Dismiss (back to the requests).
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailApi, makeMessage, makeThread } from "../../test-support/mail";
import { ADA, GRACE, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { MailScreen } from "./mail-screen";

const THREAD = "20000000-0000-4000-8000-000000000001";
const hello = makeMessage({ threadId: THREAD, sender: GRACE, body: "Hello, new here" });
const request = makeThread({
  id: THREAD,
  with: GRACE,
  latestMessage: hello,
  unread: true,
  request: "pending",
});

function renderMail(url: string) {
  const server = { waiting: [request], answered: [] as string[] };
  const threads = mailApi([request], { [THREAD]: [hello] });
  const calls = stubFetch((call) => {
    const { method, path } = call;
    if (path === "/api/mail/threads") return json({ items: [], nextCursor: null });
    if (path === "/api/mail/unread-count") return json({ count: 0 });
    if (path === "/api/mail/requests") return json({ items: server.waiting, nextCursor: null });
    if (path === "/api/mail/requests/count") return json({ count: server.waiting.length });
    if (method === "POST" && path === `/api/mail/threads/${THREAD}/dismiss`) {
      server.waiting = [];
      server.answered.push("dismiss");
      return json({ ok: true });
    }
    if (method === "POST" && path === `/api/requests/${GRACE.userId}/accept`) {
      server.waiting = [];
      server.answered.push("accept");
      return json({ ok: true });
    }
    if (path.startsWith("/api/activity")) return json({ groups: [], count: 0 });
    return threads(call);
  });
  const rendered = renderWithRoutes([{ path: "/mail", element: <MailScreen /> }], {
    url,
    viewer: ADA,
  });
  return { ...rendered, calls, server };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Mail: message requests", () => {
  it("'Requests' above the list says how many wait and leads to them", async () => {
    const { user, router } = renderMail("/mail");
    const link = await screen.findByRole("link", { name: /Requests \(1 conversation\)/ });
    await user.click(link);
    expect(router.state.location.search).toBe("?view=requests");
    const list = await screen.findByRole("list", { name: "Message requests" });
    const item = within(list).getByRole("link", { name: /Grace Hopper/ });
    expect(item.getAttribute("href")).toBe(`/mail?view=requests&thread=${THREAD}`);
  });

  it("a request's conversation offers Accept, which moves it into Mail", async () => {
    const { user, router, server } = renderMail(`/mail?view=requests&thread=${THREAD}`);
    const banner = await screen.findByRole("region", { name: "Message request" });
    expect(within(banner).getByText(/newer than 30 days/)).toBeTruthy();
    await user.click(within(banner).getByRole("button", { name: "Accept" }));
    expect(
      await screen.findByText("Accepted @grace: their messages and comments now notify you"),
    ).toBeTruthy();
    expect(server.answered).toEqual(["accept"]);
    expect(router.state.location.search).toBe(`?thread=${THREAD}`);
  });

  it("Dismiss puts it aside and goes back to the requests, which say none wait", async () => {
    const { user, router, server } = renderMail(`/mail?view=requests&thread=${THREAD}`);
    const banner = await screen.findByRole("region", { name: "Message request" });
    await user.click(within(banner).getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("No message requests waiting.")).toBeTruthy();
    expect(server.answered).toEqual(["dismiss"]);
    expect(router.state.location.search).toBe("?view=requests");
  });
});
