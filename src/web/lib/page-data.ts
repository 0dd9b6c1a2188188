// The view the server answered a profile or a post page with (domain/contracts/page-data.ts): put
// in the query cache before the first render, so the screen shows it at once instead of loading
// it again. Anything unreadable is ignored and the screen loads as usual.
import type { QueryClient } from "@tanstack/react-query";
import type { PageData } from "../../domain/contracts/page-data";
import { PAGE_DATA_ELEMENT_ID } from "../../domain/page-blocks";
import { seedPostLikes } from "../state/queries/post-likes";
import { postKeys } from "../state/queries/posts";
import { profileKeys } from "../state/queries/profiles";
import { hasStrings, isObject, readJsonBlock } from "./json-block";

/** The view if the block holds one: its kind, the address it answers and the view's ids. */
function readPageData(doc: Document): PageData | null {
  const block = readJsonBlock(PAGE_DATA_ELEMENT_ID, doc);
  if (!isObject(block) || !hasStrings(block, "handle")) return null;
  if (block.kind === "profile") {
    return isObject(block.profile) && hasStrings(block.profile, "userId", "handle")
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

export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  const data = readPageData(doc);
  if (!data) return;
  if (data.kind === "profile") {
    queryClient.setQueryData(profileKeys.detail(data.handle), data.profile);
  } else {
    queryClient.setQueryData(postKeys.postByPath(data.handle, data.slug), data.post);
    seedPostLikes(queryClient, [data.post], Date.now());
  }
}
