import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { makePost } from "../test-support/posts";
import { seedPageData } from "./page-data";
import { mailKeys } from "./queries/mail";
import { likeKeys } from "./queries/post-likes";
import { postKeys } from "./queries/posts";
import { profileKeys } from "./queries/profiles";
import { peopleSearchKeys } from "./queries/search";

const embed = (text: string) => {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="page-data">${text}</script>`;
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the page's own view", () => {
  it("puts a post page's post, and its like, in the cache under the address's key", () => {
    const post = makePost({ id: "p1", likedByMe: true, likesCount: 3 });
    embed(JSON.stringify({ kind: "post", handle: "ada", slug: "tea-at-five", post }));
    const client = new QueryClient();
    seedPageData(client);
    expect(client.getQueryData(postKeys.postByPath("ADA", "tea-at-five"))).toEqual(post);
    expect(client.getQueryData(likeKeys.post("p1"))).toEqual({ liked: true, likesCount: 3 });
  });

  it("puts a profile and its first page of posts in the cache, as their screens ask for them", () => {
    const post = makePost({ id: "p2", likedByMe: false, likesCount: 5 });
    const profile = { userId: "u-ada", handle: "ada", fullName: "Ada Lovelace" };
    const posts = { items: [post], nextCursor: "c1" };
    embed(JSON.stringify({ kind: "profile", handle: "ada", profile, posts }));
    const client = new QueryClient();
    seedPageData(client);
    expect(client.getQueryData(profileKeys.detail("ada"))).toEqual(profile);
    expect(client.getQueryData(postKeys.userPosts("u-ada"))).toEqual({
      pages: [posts],
      pageParams: [null],
    });
    expect(client.getQueryData(likeKeys.post("p2"))).toEqual({ liked: false, likesCount: 5 });
  });

  it("puts the signed-in feed's first page and the viewer's own profile in the cache", () => {
    const posts = { items: [makePost({ id: "p3" }), makePost({ id: "p4" })], nextCursor: null };
    const profile = { userId: "u-bo", handle: "bo", fullName: "Bo Nilsson" };
    embed(JSON.stringify({ kind: "feed", posts, handle: "bo", profile }));
    const client = new QueryClient();
    seedPageData(client);
    expect(client.getQueryData(postKeys.feed())).toEqual({ pages: [posts], pageParams: [null] });
    expect(client.getQueryData(profileKeys.detail("bo"))).toEqual(profile);
  });

  it("puts search's newest profiles and mail's first threads in the cache", () => {
    const recent = { items: [{ userId: "u-ada", handle: "ada", fullName: "Ada Lovelace" }] };
    embed(JSON.stringify({ kind: "search", recent }));
    const client = new QueryClient();
    seedPageData(client);
    expect(client.getQueryData(peopleSearchKeys.recent())).toEqual(recent);
    const threads = { items: [{ id: "t1", unread: true }], nextCursor: "c2" };
    embed(JSON.stringify({ kind: "mail", threads }));
    seedPageData(client);
    expect(client.getQueryData(mailKeys.threads())).toEqual({
      pages: [threads],
      pageParams: [null],
    });
  });

  it("ignores a block that is not JSON or not a known view", () => {
    const client = new QueryClient();
    embed("{not json");
    seedPageData(client);
    embed(JSON.stringify({ kind: "profile", handle: "ada", profile: { handle: "ada" } }));
    seedPageData(client);
    const profile = { userId: "u-ada", handle: "ada" };
    embed(JSON.stringify({ kind: "profile", handle: "ada", profile, posts: { items: [{}] } }));
    seedPageData(client);
    embed(JSON.stringify({ kind: "feed", posts: null, handle: "ada", profile }));
    seedPageData(client);
    embed(JSON.stringify({ kind: "feed", posts: { items: [] }, handle: "ada" }));
    seedPageData(client);
    embed(JSON.stringify({ kind: "search", recent: { items: [{ handle: "ada" }] } }));
    seedPageData(client);
    embed(JSON.stringify({ kind: "mail", threads: { items: [{}] } }));
    seedPageData(client);
    embed(JSON.stringify({ kind: "mail" }));
    seedPageData(client);
    expect(client.getQueryData(profileKeys.detail("ada"))).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
