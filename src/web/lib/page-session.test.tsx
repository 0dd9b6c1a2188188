import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { sessionKeys } from "../state/queries/session";
import { seedSession } from "./page-session";

const embed = (text: string) => {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="session">${text}</script>`;
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
