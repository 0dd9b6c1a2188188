import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MutedWordView } from "../../../domain/contracts/muted-words";
import { accountState } from "../../test-support/account";
import { apiError, json, type Route } from "../../test-support/posts";
import { renderSettings } from "../../test-support/settings";

const section = () => screen.getByRole("region", { name: "Muted words" });
const PATH = "/api/safety/muted-words";

const word = (over: Partial<MutedWordView>): MutedWordView => ({
  id: "00000000-0000-4000-8000-000000000001",
  text: "spoiler",
  contexts: ["feed", "comments", "mail"],
  duration: "week",
  expiresAt: "2027-03-14T12:00:00.000Z",
  expired: false,
  createdAt: "2027-03-07T12:00:00.000Z",
  ...over,
});

/** The list as the server keeps it; `failList` answers the list with a 503. */
function mutedWordsApi(list: MutedWordView[], { failList = false } = {}): Route {
  return ({ method, path, body }) => {
    if (!path.startsWith(PATH)) return undefined;
    if (method === "GET") return failList ? apiError(503, "Resting.") : json({ items: list });
    if (method === "POST") {
      const added = word({ id: crypto.randomUUID(), ...(body as object), expiresAt: null });
      list.unshift(added);
      return json({ mutedWord: added }, 201);
    }
    const id = path.slice(PATH.length + 1);
    const index = list.findIndex((w) => w.id === id);
    if (method === "DELETE") {
      list.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    const renewed = word({ ...list[index], expired: false, expiresAt: "2027-04-01T12:00:00.000Z" });
    list[index] = renewed;
    return json({ mutedWord: renewed });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: Muted words", () => {
  it("says so when nothing is muted, and adds an entry with where and how long", async () => {
    const list: MutedWordView[] = [];
    const { calls, user } = renderSettings(accountState(), mutedWordsApi(list));
    expect(await within(section()).findByText("You have not muted any words.")).toBeTruthy();
    await user.type(
      within(section()).getByLabelText("Word, phrase or #hashtag"),
      "Game of Thrones",
    );
    await user.click(within(section()).getByRole("checkbox", { name: "Mail" }));
    await user.selectOptions(within(section()).getByLabelText("How long"), "For a month");
    await user.click(within(section()).getByRole("button", { name: "Mute" }));
    expect(await within(section()).findByText("Game of Thrones")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { text: "Game of Thrones", contexts: ["feed", "comments"], duration: "month" },
    ]);
    expect(
      (within(section()).getByLabelText("Word, phrase or #hashtag") as HTMLInputElement).value,
    ).toBe("");
  });

  it("checks the entry before sending it", async () => {
    const { calls, user } = renderSettings(accountState(), mutedWordsApi([]));
    await within(section()).findByText("You have not muted any words.");
    await user.type(within(section()).getByLabelText("Word, phrase or #hashtag"), "#two words");
    for (const name of ["Posts", "Comments", "Mail"]) {
      await user.click(within(section()).getByRole("checkbox", { name }));
    }
    await user.click(within(section()).getByRole("button", { name: "Mute" }));
    expect(
      within(section()).getByText("A hashtag is # and letters, digits or _, with no space."),
    ).toBeTruthy();
    expect(within(section()).getByText("Choose where it applies.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("lists each entry with where and until when, renews an expired one and removes one", async () => {
    const list = [
      word({
        id: "00000000-0000-4000-8000-00000000000a",
        text: "#finale",
        contexts: ["feed"],
        expiresAt: null,
        duration: "never",
      }),
      word({
        id: "00000000-0000-4000-8000-00000000000b",
        text: "butler",
        expired: true,
        duration: "month",
      }),
    ];
    const { calls, user } = renderSettings(accountState(), mutedWordsApi(list));
    const finale = (await within(section()).findByText("#finale")).closest("li") as HTMLElement;
    expect(finale.textContent).toContain("Posts · Forever");
    expect(within(finale).queryByRole("button", { name: /Renew/ })).toBeNull();
    const butler = within(section()).getByText("butler").closest("li") as HTMLElement;
    expect(butler.textContent).toContain("Posts · Comments · Mail · Expired March 14, 2027");
    await user.click(within(butler).getByRole("button", { name: "Renew “butler”" }));
    await waitFor(() => expect(butler.textContent).toContain("Until April 1, 2027"));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => [c.path, c.body])).toEqual([
      [`${PATH}/00000000-0000-4000-8000-00000000000b`, { duration: "month" }],
    ]);
    await user.click(within(finale).getByRole("button", { name: "Remove “#finale”" }));
    await waitFor(() => expect(within(section()).queryByText("#finale")).toBeNull());
    expect(document.activeElement?.textContent).toBe("Muted words");
  });

  it("offers Retry when the list cannot be read", async () => {
    renderSettings(accountState(), mutedWordsApi([], { failList: true }));
    expect(await within(section()).findByText("Could not load your muted words.")).toBeTruthy();
    expect(within(section()).getByRole("button", { name: /Retry/ })).toBeTruthy();
  });
});
