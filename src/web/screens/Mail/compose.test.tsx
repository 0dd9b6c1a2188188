import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadView } from "../../../domain/contracts/mail";
import { mailApi, makeMessage, makeThread } from "../../test-support/mail";
import {
  ADA,
  apiError,
  GRACE,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { MailScreen } from "./mail-screen";

const THREAD = "20000000-0000-4000-8000-000000000001";
const CANNOT_MESSAGE = "You can't message this person.";
const hello = makeMessage({ threadId: THREAD, sender: GRACE, body: "Hello Ada" });
const withGrace = makeThread({ id: THREAD, with: GRACE, latestMessage: hello });
const newThread: ThreadView = { ...withGrace, latestMessage: null, lastMessageAt: null };

function renderMail(url: string, thread: ThreadView, send: Route) {
  const api = mailApi([thread], { [thread.id]: thread.latestMessage ? [hello] : [] });
  const calls = stubFetch(async (request) => (await send(request)) ?? api(request));
  const rendered = renderWithRoutes([{ path: "/mail", element: <MailScreen /> }], {
    url,
    viewer: ADA,
  });
  return { ...rendered, calls };
}

const sent = (body: unknown) =>
  json(
    {
      message: makeMessage({
        threadId: THREAD,
        sender: ADA,
        ...(body as { subject: string | null; body: string }),
      }),
    },
    201,
  );
const isSend = (method: string, path: string) =>
  method === "POST" && path === `/api/mail/threads/${THREAD}/messages`;
const messageBox = () => screen.getByLabelText("Message") as HTMLTextAreaElement;
const subjectBox = () => screen.getByLabelText("Subject") as HTMLInputElement;
const sendButton = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("replying in a conversation", () => {
  it("counts n/250, keeps Send off while empty, and Shift+Enter adds a line", async () => {
    const { user, calls } = renderMail(`/mail?thread=${THREAD}`, withGrace, () => undefined);
    await screen.findByRole("list", { name: "Messages" });
    expect(screen.getByText("0/250")).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    await user.type(messageBox(), "   ");
    expect(sendButton().disabled).toBe(true);
    await user.clear(messageBox());
    await user.type(messageBox(), "Hi{Shift>}{Enter}{/Shift}there");
    expect(messageBox().value).toBe("Hi\nthere");
    expect(screen.getByText("8/250")).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
    expect(calls.some((c) => isSend(c.method, c.path))).toBe(false);
    expect(messageBox().maxLength).toBe(250);
    expect(subjectBox().maxLength).toBe(120);
  });

  it("Enter sends the trimmed text (subject 'empty' is none), shows it once and clears", async () => {
    const { user, calls } = renderMail(
      `/mail?thread=${THREAD}`,
      withGrace,
      ({ method, path, body }) => (isSend(method, path) ? sent(body) : undefined),
    );
    await screen.findByRole("list", { name: "Messages" });
    await user.type(subjectBox(), " empty ");
    await user.type(messageBox(), "  See you soon  {Enter}");
    expect(await screen.findByText("See you soon")).toBeTruthy();
    expect(calls.find((c) => isSend(c.method, c.path))?.body).toEqual({
      subject: null,
      body: "See you soon",
    });
    expect(messageBox().value).toBe("");
    expect(subjectBox().value).toBe("");
    expect(screen.getAllByText("See you soon")).toHaveLength(1);
  });

  it("Send is disabled while the message is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, calls } = renderMail(`/mail?thread=${THREAD}`, withGrace, ({ method, path }) =>
      isSend(method, path)
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await screen.findByRole("list", { name: "Messages" });
    await user.type(messageBox(), "On my way");
    await user.click(sendButton());
    expect(sendButton().disabled).toBe(true);
    await user.type(messageBox(), "{Enter}");
    answer(sent({ subject: null, body: "On my way" }));
    expect(await screen.findByText("On my way")).toBeTruthy();
    expect(calls.filter((c) => isSend(c.method, c.path))).toHaveLength(1);
  });

  it("a failed reply says why, or SEND_FAILED, and keeps the text", async () => {
    let reason = "Mail server said no";
    const { user, calls } = renderMail(`/mail?thread=${THREAD}`, withGrace, ({ method, path }) =>
      isSend(method, path) ? apiError(502, reason) : undefined,
    );
    await screen.findByRole("list", { name: "Messages" });
    await user.type(subjectBox(), "Plans");
    await user.type(messageBox(), "Tomorrow?{Enter}");
    expect(await screen.findByText("Failed to send message: Mail server said no")).toBeTruthy();
    expect(messageBox().value).toBe("Tomorrow?");
    expect(subjectBox().value).toBe("Plans");

    reason = "";
    await user.click(sendButton());
    expect(await screen.findByText("Failed to send message: SEND_FAILED")).toBeTruthy();
    expect(calls.filter((c) => isSend(c.method, c.path))).toHaveLength(2);
  });

  it("sends one Idempotency-Key per reply: again after a lost answer, a new one for the next", async () => {
    let lost = 1;
    const { user } = renderMail(`/mail?thread=${THREAD}`, withGrace, ({ method, path, body }) => {
      if (!isSend(method, path)) return undefined;
      if (lost-- > 0) throw new TypeError("Failed to fetch");
      return sent(body);
    });
    const keys = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(
          ([path, init]) =>
            path === `/api/mail/threads/${THREAD}/messages` && init?.method === "POST",
        )
        .map(([, init]) => new Headers(init?.headers).get("idempotency-key"));
    await screen.findByRole("list", { name: "Messages" });
    await user.type(messageBox(), "Lunch?{Enter}");
    expect(await screen.findByText(/^Failed to send message/)).toBeTruthy();
    await user.click(sendButton());
    await waitFor(() => expect(messageBox().value).toBe(""));
    await user.type(messageBox(), "Lunch?{Enter}");
    await waitFor(() => expect(keys()).toHaveLength(3));
    const [first, again, next] = keys();
    expect(first).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(again).toBe(first);
    expect(next).not.toBe(first);
  });

  it("a reply to someone who cannot be messaged says so in the server's words alone", async () => {
    const { user } = renderMail(`/mail?thread=${THREAD}`, withGrace, ({ method, path }) =>
      isSend(method, path) ? apiError(403, CANNOT_MESSAGE) : undefined,
    );
    await screen.findByRole("list", { name: "Messages" });
    await user.type(messageBox(), "Still there?{Enter}");
    expect(await screen.findByText(CANNOT_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/Failed to send/)).toBeNull();
    expect(messageBox().value).toBe("Still there?");
  });

  it("the first message of a new conversation failing asks to try again", async () => {
    const { user } = renderMail(`/mail?thread=${THREAD}`, newThread, ({ method, path }) =>
      isSend(method, path) ? apiError(500, "") : undefined,
    );
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    await user.type(messageBox(), "Hello Grace{Enter}");
    expect(await screen.findByText("Failed to send message. Please try again.")).toBeTruthy();
    expect(messageBox().value).toBe("Hello Grace");
  });
});

describe("the external composer", () => {
  const outside = makeThread({ with: "pen.pal@example.net" });
  const isExternal = (method: string, path: string) =>
    method === "POST" && path === "/api/mail/send";

  it("takes To from `compose`, refuses one's own address, says 'Sent!' and opens the thread", async () => {
    const { user, calls, router } = renderMail(
      "/mail?compose=ada%40chtcht.local",
      outside,
      ({ method, path }) => {
        if (!isExternal(method, path)) return undefined;
        const message = makeMessage({ threadId: outside.id, sender: ADA, direction: "outbound" });
        return json({ thread: { ...outside, latestMessage: message }, message }, 201);
      },
    );
    const to = (await screen.findByLabelText("To")) as HTMLInputElement;
    expect(to.value).toBe("ada@chtcht.local");
    expect(document.activeElement).toBe(messageBox());
    await user.type(messageBox(), "Note to self{Enter}");
    expect(await screen.findByText("You can't send a message to yourself.")).toBeTruthy();
    expect(calls.some((c) => isExternal(c.method, c.path))).toBe(false);
    expect(messageBox().value).toBe("Note to self");

    await user.clear(to);
    await user.type(to, " Pen.Pal@Example.net ");
    await user.type(subjectBox(), "Hi");
    await user.click(sendButton());
    expect(await screen.findByText("Sent!")).toBeTruthy();
    expect(calls.find((c) => isExternal(c.method, c.path))?.body).toEqual({
      to: "pen.pal@example.net",
      subject: "Hi",
      body: "Note to self",
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?thread=${outside.id}`));
  });

  it("an address on our domain, in any case, is a member's: refusals in the server's words, never 'external'", async () => {
    let answer = () => apiError(403, CANNOT_MESSAGE);
    const { user } = renderMail(
      "/mail?compose=Grace%40CHTCHT.Local",
      outside,
      ({ method, path }) => (isExternal(method, path) ? answer() : undefined),
    );
    await screen.findByLabelText("To");
    await user.type(messageBox(), "Hello Grace{Enter}");
    expect(await screen.findByText(CANNOT_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/external/)).toBeNull();
    expect(messageBox().value).toBe("Hello Grace");

    answer = () => apiError(502, "Try again later");
    await user.click(sendButton());
    expect(await screen.findByText("Failed to send message: Try again later")).toBeTruthy();
    expect(screen.queryByText(/external/)).toBeNull();
  });

  it("says why an address on our domain cannot be written to before anyone types, fields disabled", async () => {
    const closed = "Grace doesn't accept messages from you.";
    const isCheck = (method: string, path: string) =>
      method === "GET" && path.startsWith("/api/mail/recipient?");
    const { user, calls } = renderMail("/mail?compose=", outside, ({ method, path }) =>
      isCheck(method, path)
        ? json({
            refusal: path.includes("grace") ? { code: "messages_closed", message: closed } : null,
          })
        : undefined,
    );
    const to = await screen.findByLabelText("To");
    await user.type(to, "Grace@chtcht.local");
    expect(await screen.findByText(closed)).toBeTruthy();
    expect(messageBox().disabled).toBe(true);
    expect(subjectBox().disabled).toBe(true);

    await user.clear(to);
    await user.type(to, "pen.pal@example.net");
    await waitFor(() => expect(screen.queryByText(closed)).toBeNull());
    expect(messageBox().disabled).toBe(false);
    // An address elsewhere is not asked about: only its own server can refuse it.
    expect(calls.filter((c) => isCheck(c.method, c.path)).map((c) => c.path)).toEqual([
      "/api/mail/recipient?to=grace%40chtcht.local",
    ]);
  });

  it("a failed send says 'Failed to send external email: {error}' and keeps the text", async () => {
    const { user } = renderMail("/mail?compose=", outside, ({ method, path }) =>
      isExternal(method, path) ? apiError(502, "Connection refused") : undefined,
    );
    const to = await screen.findByLabelText("To");
    expect(document.activeElement).toBe(to);
    expect(sendButton().disabled).toBe(true);
    await user.type(messageBox(), "Anyone there?");
    expect(sendButton().disabled).toBe(true);
    await user.type(to, "not an address");
    await user.click(sendButton());
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();

    await user.clear(to);
    await user.type(to, "pen.pal@example.net");
    await user.click(sendButton());
    expect(
      await screen.findByText("Failed to send external email: Connection refused"),
    ).toBeTruthy();
    expect(messageBox().value).toBe("Anyone there?");
  });

  it("sends one Idempotency-Key per message: again after a lost answer, new once changed or sent", async () => {
    let lost = 2;
    const { user, router } = renderMail("/mail?compose=", outside, ({ method, path }) => {
      if (!isExternal(method, path)) return undefined;
      if (lost-- > 0) throw new TypeError("Failed to fetch");
      const message = makeMessage({ threadId: outside.id, sender: ADA, direction: "outbound" });
      return json({ thread: { ...outside, latestMessage: message }, message }, 201);
    });
    const keys = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([path, init]) => path === "/api/mail/send" && init?.method === "POST")
        .map(([, init]) => new Headers(init?.headers).get("idempotency-key"));
    await user.type(await screen.findByLabelText("To"), "pen.pal@example.net");
    await user.type(messageBox(), "Hello");
    await user.click(sendButton());
    await waitFor(() => expect(keys()).toHaveLength(1));
    expect(await screen.findByText(/^Failed to send external email/)).toBeTruthy();
    // The same message again: the same key, so the server stores it once.
    await user.click(sendButton());
    await waitFor(() => expect(keys()).toHaveLength(2));
    // Changed words are another message.
    await user.type(messageBox(), " there");
    await user.click(sendButton());
    expect(await screen.findByText("Sent!")).toBeTruthy();
    const [first, again, changed] = keys();
    expect(first).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(again).toBe(first);
    expect(changed).not.toBe(first);

    // A new message after one was sent: a new key.
    await router.navigate("/mail?compose=pen.pal%40example.net");
    await user.type(await screen.findByLabelText("Message"), "Hello");
    await user.click(sendButton());
    await waitFor(() => expect(keys()).toHaveLength(4));
    expect(new Set(keys().slice(1)).size).toBe(3);
  });
});
