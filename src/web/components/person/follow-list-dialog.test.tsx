import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FollowListKind } from "../../../domain/contracts/follows";
import { FollowListDialog } from "./follow-list-dialog";

const person = (n: number) => ({
  userId: `u${n}`,
  fullName: `Person ${n}`,
  handle: `person${n}`,
  username: null,
  profileImageUrl: null,
  verificationType: "none",
  veteran: false,
});

let requests: string[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      requests.push(path);
      const body = path.includes("/followers")
        ? path.includes("cursor=")
          ? { items: [person(3)], nextCursor: null }
          : { items: [person(1), person(2)], nextCursor: "next-page" }
        : { items: [], nextCursor: null };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

function renderDialog(kind: FollowListKind) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <FollowListDialog userId="me" whose="your" kind={kind} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onClose;
}

describe("FollowListDialog", () => {
  it("shows Loading..., then the people with their handles, and loads more pages", async () => {
    renderDialog("followers");
    expect(screen.getByRole("dialog", { name: "Followers" })).toBeTruthy();
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(await screen.findByText("Person 1")).toBeTruthy();
    expect(screen.getByText("@person2")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(await screen.findByText("Person 3")).toBeTruthy();
    expect(requests.at(-1)).toContain("cursor=next-page");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load More" })).toBeNull());
  });

  it.each([
    ["friends", "No friends yet"],
    ["following", "No following yet"],
  ] as const)("shows the empty text for %s", async (kind, text) => {
    renderDialog(kind);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("closes with the Close button", async () => {
    const onClose = renderDialog("friends");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
  });
});
