// Link-preview meta of /{handle} (spec-1 §2 "Page metadata … set per profile"): built from the
// profile as the viewer may see it, 404 when it does not exist. The profile is read through the
// same use-case as GET /api/profiles/:handle, so a suspension, or a block by the profile's owner,
// hides it here exactly as there (docs/safety.md "Pages served by the server"). The words come
// from domain/page-titles.ts.
import type { PageData } from "../../../domain/contracts/page-data";
import { RESERVED_HANDLES } from "../../../domain/handles";
import { pageText } from "../../../domain/page-titles";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { PageMeta } from "../../http/app-html";
import { getProfileByHandle } from "./service";

type FirstPosts = Extract<PageData, { kind: "profile" }>["posts"];

interface ProfilePage {
  /** As domain/page-routes.ts gives it: the @ stripped, trimmed, lower-cased. */
  handle: string;
  siteName: string;
  viewerId: string | null;
  /** The profile's first page of posts as GET /api/users/:userId/posts answers the viewer. */
  firstPosts: (userId: string) => Promise<FirstPosts>;
}

export async function profilePageMeta(
  db: Db,
  { handle, siteName, viewerId, firstPosts }: ProfilePage,
): Promise<PageMeta> {
  // A name the app keeps for itself (domain/handles.ts) is nobody's profile.
  const profile = RESERVED_HANDLES.has(handle)
    ? null
    : await getProfileByHandle(db, { handle, viewerId }).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      });
  if (!profile) {
    return {
      status: 404,
      ...pageText({ kind: "profile-not-found" }, siteName),
      canonicalPath: `/${handle}`,
      type: "website",
    };
  }
  return {
    status: 200,
    ...pageText(
      { kind: "profile", fullName: profile.fullName, handle: profile.handle, about: profile.about },
      siteName,
    ),
    canonicalPath: `/${profile.handle}`,
    image: profile.profileImageUrl,
    type: "profile",
    preview: { kind: "profile", handle, profile, posts: await firstPosts(profile.userId) },
  };
}
