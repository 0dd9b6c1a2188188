// The view the server answered a profile, a post or a signed-in feed, search or mail page with
// (domain/contracts/page-data.ts): put in the query cache before the first render, so the screen
// shows it at once instead of loading it again. Anything unreadable is ignored and the screen
// loads as usual.
import type { QueryClient } from "@tanstack/react-query";
import type { PageData } from "../../domain/contracts/page-data";
import { PAGE_DATA_ELEMENT_ID } from "../../domain/page-blocks";
import { hasStrings, isObject, readJsonBlock } from "../lib/json-block";
import { mailKeys } from "./queries/mail";
import { seedPostLikes } from "./queries/post-likes";
import { type PostPage, type PostPages, postKeys } from "./queries/posts";
import { profileKeys } from "./queries/profiles";
import { peopleSearchKeys } from "./queries/search";

/** A list whose items each have the given string fields. */
const isListOf = (value: unknown, ...fields: string[]): boolean =>
  isObject(value) &&
  Array.isArray(value.items) &&
  value.items.every((item) => isObject(item) && hasStrings(item, ...fields));

/** A page of posts: its items each with an id and a path. */
const isPostPage = (value: unknown): boolean => isListOf(value, "id", "path");

/** The view if the block holds one: its kind, the address it answers and the view's ids. */
function readPageData(doc: Document): PageData | null {
  const block = readJsonBlock(PAGE_DATA_ELEMENT_ID, doc);
  if (!isObject(block)) return null;
  if (block.kind === "search") {
    return isListOf(block.recent, "userId", "handle") ? (block as PageData) : null;
  }
  if (block.kind === "mail") {
    return isListOf(block.threads, "id") ? (block as PageData) : null;
  }
  if (!hasStrings(block, "handle")) return null;
  if (block.kind === "feed") {
    return isPostPage(block.posts) &&
      isObject(block.profile) &&
      hasStrings(block.profile, "userId", "handle")
      ? (block as PageData)
      : null;
  }
  if (block.kind === "profile") {
    return isObject(block.profile) &&
      hasStrings(block.profile, "userId", "handle") &&
      isPostPage(block.posts)
      ? (block as PageData)
      : null;
  }
  if (block.kind === "post") {
    return hasStrings(block, "slug") && isObject(block.post) && hasStrings(block.post, "id", "path")
      ? (block as PageData)
      : null;
  }
  return null;
}

/** The first page of a list of posts, as its infinite query holds it (queries/posts.ts). */
function seedPosts(queryClient: QueryClient, key: readonly unknown[], page: PostPage) {
  queryClient.setQueryData<PostPages>(key, { pages: [page], pageParams: [null] });
  seedPostLikes(queryClient, page.items, Date.now());
}

export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  const data = readPageData(doc);
  if (!data) return;
  if (data.kind === "profile") {
    queryClient.setQueryData(profileKeys.detail(data.handle), data.profile);
    seedPosts(queryClient, postKeys.userPosts(data.profile.userId), data.posts);
  } else if (data.kind === "post") {
    queryClient.setQueryData(postKeys.postByPath(data.handle, data.slug), data.post);
    seedPostLikes(queryClient, [data.post], Date.now());
  } else if (data.kind === "feed") {
    queryClient.setQueryData(profileKeys.detail(data.handle), data.profile);
    seedPosts(queryClient, postKeys.feed(), data.posts);
  } else if (data.kind === "search") {
    queryClient.setQueryData(peopleSearchKeys.recent(), data.recent);
  } else {
    queryClient.setQueryData(mailKeys.threads(), { pages: [data.threads], pageParams: [null] });
  }
}
