import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { seedSession } from "./page-session";
import { activityKeys } from "./queries/activity";
import { mailKeys } from "./queries/mail";
import { safetyKeys } from "./queries/safety";
import { sessionKeys } from "./queries/session";
import { usernameKeys } from "./queries/usernames";

const embed = (text: string, header?: unknown) => {
  const headerBlock = header
    ? `<script type="application/json" id="header-state">${JSON.stringify(header)}</script>`
    : "";
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="session">${text}</script>${headerBlock}`;
};

const header = {
  standing: { moderator: false, admin: false, restrictedUntil: null, notices: [] },
  unreadActivity: { count: 2 },
  unreadMail: { count: 0 },
  mine: { username: null },
};

const ada = {
  id: "u1",
  email: "ada@example.com",
  fullName: "Ada Lovelace",
  handle: "ada",
  profileImageUrl: null,
  verificationType: "none",
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("who the page says is signed in", () => {
  it("puts the signed-in person, or nobody, in the session's cache entry", () => {
    const client = new QueryClient();
    embed(JSON.stringify({ user: ada }));
    seedSession(client);
    expect(client.getQueryData(sessionKeys.current())).toEqual({ user: ada });
    embed(JSON.stringify({ user: null }));
    seedSession(client);
    expect(client.getQueryData(sessionKeys.current())).toEqual({ user: null });
  });

  it("puts what the signed-in header shows in its queries' entries", () => {
    const client = new QueryClient();
    embed(JSON.stringify({ user: ada }), header);
    seedSession(client);
    expect(client.getQueryData(safetyKeys.standing())).toEqual(header.standing);
    expect(client.getQueryData(activityKeys.unreadCount())).toEqual({ count: 2 });
    expect(client.getQueryData(mailKeys.unreadCount())).toEqual({ count: 0 });
    expect(client.getQueryData(usernameKeys.mine())).toEqual({ username: null });
  });

  it("ignores a header block that does not read as one, or comes without a person", () => {
    const client = new QueryClient();
    embed(JSON.stringify({ user: null }), header);
    seedSession(client);
    embed(JSON.stringify({ user: ada }), { ...header, unreadMail: { count: -1 } });
    seedSession(client);
    embed(JSON.stringify({ user: ada }), { ...header, standing: null });
    seedSession(client);
    expect(client.getQueryData(mailKeys.unreadCount())).toBeUndefined();
    expect(client.getQueryData(safetyKeys.standing())).toBeUndefined();
  });

  it("ignores a page without the block, or a block that is no session", () => {
    const client = new QueryClient();
    seedSession(client);
    for (const text of ["{not json", "{}", '{"user":{"id":"u1"}}', '{"user":"ada"}', "[null]"]) {
      embed(text);
      seedSession(client);
    }
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
