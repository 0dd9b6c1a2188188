// Link-preview meta of /{handle} (spec-1 §2 "Page metadata … set per profile"): built from the
// profile, 404 when it does not exist. The words come from domain/page-titles.ts.
import { displayHandle, normalizeHandle, RESERVED_HANDLES } from "../../../domain/handles";
import { pageText } from "../../../domain/page-titles";
import type { Db } from "../../db/client";
import type { PageMeta } from "../../http/page-meta";
import { findProfileByHandle } from "./queries";

const PROFILE_PATH = /^\/(@?[^/]+)\/?$/;

export async function profilePageMeta(
  db: Db,
  pathname: string,
  siteName: string,
): Promise<PageMeta | null> {
  const match = PROFILE_PATH.exec(pathname);
  if (!match?.[1]) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const handle = normalizeHandle(segment);
  if (!handle || RESERVED_HANDLES.has(handle)) return null;
  const found = await findProfileByHandle(db, handle);
  const row = found?.profile.suspendedAt ? undefined : found;
  if (!row) {
    return {
      status: 404,
      ...pageText({ kind: "profile-not-found" }, siteName),
      canonicalPath: `/${handle}`,
      type: "website",
    };
  }
  const p = row.profile;
  const shown = displayHandle({
    username: p.username,
    defaultUsername: p.defaultUsername,
    emailAddress: p.emailAddress,
  });
  return {
    status: 200,
    ...pageText({ kind: "profile", fullName: p.fullName, handle: shown, about: p.about }, siteName),
    canonicalPath: `/${shown}`,
    image: p.profileImageUrl,
    type: "profile",
  };
}
