import { describe, expect, it } from "vitest";
import { isProfileUrl, relMeLinks } from "./rel-me";

const page = "https://alice.example/about/";

describe("relMeLinks", () => {
  it.each([
    ['<a rel="me" href="https://chtcht.app/alice">me</a>', "an <a>"],
    ['<head><link rel="me" href="https://chtcht.app/alice"></head>', "a <link>"],
    ['<a rel="me noopener" href="https://chtcht.app/alice">', "a token list"],
    ['<a rel="noopener\tME" href="https://chtcht.app/alice">', "tokens in any case, tab-separated"],
    ['<A REL="Me" HREF="https://chtcht.app/alice">', "uppercase tag and attribute names"],
    ["<a rel=me href=https://chtcht.app/alice>", "unquoted attributes"],
    ['<a rel="me" href="https://chtcht.app/al&#105;ce">', "character references in the href"],
    ['<a rel="me" href="  https://chtcht.app/alice  ">', "spaces around the href"],
  ])("finds %s (%s)", (html) => {
    expect(relMeLinks(html, page)).toEqual(["https://chtcht.app/alice"]);
  });

  it("resolves relative and protocol-relative hrefs against the page", () => {
    const html = '<a rel="me" href="/bob"></a><a rel="me" href="//chtcht.app/alice"></a>';
    expect(relMeLinks(html, page)).toEqual([
      "https://alice.example/bob",
      "https://chtcht.app/alice",
    ]);
  });

  it("resolves against <base href>, for links before it too", () => {
    const html = '<a rel="me" href="alice"></a><base href="https://chtcht.app/">';
    expect(relMeLinks(html, page)).toEqual(["https://chtcht.app/alice"]);
  });

  it.each([
    ['<a href="https://chtcht.app/alice">no rel</a>', "no rel"],
    ['<a rel="meet" href="https://chtcht.app/alice">', "a token that only starts with me"],
    ['<a rel="author" href="https://chtcht.app/alice">', "another rel"],
    ['<a rel="me">no href</a>', "no href"],
    ['<div rel="me" href="https://chtcht.app/alice"></div>', "another element"],
    ['<!-- <a rel="me" href="https://chtcht.app/alice"> -->', "a comment"],
    ['<script>"<a rel=\\"me\\" href=\\"https://chtcht.app/alice\\">"</script>', "script text"],
    ['<a rel="me" href="http://[bad">', "an href that is no URL"],
  ])("ignores %s (%s)", (html) => {
    expect(relMeLinks(html, page)).toEqual([]);
  });
});

describe("isProfileUrl", () => {
  const site = { publicUrl: "https://chtcht.app", names: ["alice", "a.smith"] };

  it.each([
    "https://chtcht.app/alice",
    "https://chtcht.app/alice/",
    "http://chtcht.app/alice",
    "https://CHTCHT.app/Alice",
    "https://chtcht.app/a.smith",
    "https://chtcht.app/alice#posts",
  ])("accepts %s", (link) => {
    expect(isProfileUrl(link, site)).toBe(true);
  });

  it.each([
    "https://chtcht.app/bob",
    "https://chtcht.app/alice/posts",
    "https://chtcht.app/alice?x=1",
    "https://evil.example/alice",
    "https://chtcht.app.evil.example/alice",
    "https://www.chtcht.app/alice",
    "https://chtcht.app:8443/alice",
    "https://user@chtcht.app/alice",
    "ftp://chtcht.app/alice",
    "https://chtcht.app/",
    "not a url",
  ])("refuses %s", (link) => {
    expect(isProfileUrl(link, site)).toBe(false);
  });

  it("keeps PUBLIC_URL's port and path", () => {
    const local = { publicUrl: "http://localhost:3000/social", names: ["alice"] };
    expect(isProfileUrl("http://localhost:3000/social/alice", local)).toBe(true);
    expect(isProfileUrl("https://localhost:3000/social/alice/", local)).toBe(true);
    expect(isProfileUrl("http://localhost/social/alice", local)).toBe(false);
    expect(isProfileUrl("http://localhost:3000/alice", local)).toBe(false);
  });
});
