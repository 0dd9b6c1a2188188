// Test data for people and posts from other servers (docs/federation.md "Follows", "Posts from
// elsewhere"), as the API answers them.
import type { RemotePersonView } from "../../domain/contracts/federation";
import type { PostView } from "../../domain/contracts/posts";
import { makePost } from "./posts";

export const CAROL: RemotePersonView = {
  id: "7d2b7a4e-1c1f-4c53-9d5e-0a8f3b6f2c11",
  handle: "carol@social.example",
  name: "Carol Shaw",
  summary: "Makes games.\nLives on another server.",
  iconUrl: null,
  url: "https://social.example/@carol",
  approvesFollowers: false,
  follow: "none",
  blocked: false,
};

/** A post of Carol's that reached us, as the feed and her posts page list it. */
export function remotePost(overrides: Partial<PostView> = {}): PostView {
  return makePost({
    author: {
      userId: `fed:${CAROL.id}`,
      fullName: CAROL.name,
      handle: CAROL.handle,
      username: null,
      profileImageUrl: null,
      verificationType: "none",
      veteran: false,
    },
    path: `/@${CAROL.handle}`,
    remote: { handle: CAROL.handle, url: "https://social.example/@carol/1" },
    ...overrides,
  });
}
