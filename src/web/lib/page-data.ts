// The view the server answered a profile or a post page with (domain/contracts/page-data.ts): put
// in the query cache before the first render, so the screen shows it at once instead of loading
// it again. Anything unreadable is ignored and the screen loads as usual.
import type { QueryClient } from "@tanstack/react-query";
import { PAGE_DATA_ELEMENT_ID, pageData } from "../../domain/contracts/page-data";
import { seedPostLikes } from "../state/queries/post-likes";
import { postKeys } from "../state/queries/posts";
import { profileKeys } from "../state/queries/profiles";

export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  let parsed: ReturnType<typeof pageData.safeParse>;
  try {
    parsed = pageData.safeParse(JSON.parse(text));
  } catch {
    return;
  }
  if (!parsed.success) return;
  const data = parsed.data;
  if (data.kind === "profile") {
    queryClient.setQueryData(profileKeys.detail(data.handle), data.profile);
  } else {
    queryClient.setQueryData(postKeys.postByPath(data.handle, data.slug), data.post);
    seedPostLikes(queryClient, [data.post], Date.now());
  }
}
