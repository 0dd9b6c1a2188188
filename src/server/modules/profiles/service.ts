// Profile use-cases. Registration creates the profile row with a unique default handle.
import type { SessionUser } from "../../../domain/contracts/auth";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { ERROR_CODES } from "../../../domain/error-codes";
import {
  defaultHandleBase,
  defaultHandleCandidate,
  displayHandle,
  normalizeHandle,
} from "../../../domain/handles";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, notFound } from "../../errors";
import { isNameHeld } from "../../policy/held-names";
import { redirectedOwner } from "../../policy/released-names";
import { standingFrom, standingOf } from "../../policy/viewer-relation";
import { blockBetween, canSeePosts } from "../../policy/visibility";
import { asVerification } from "./person";
import { presentProfile } from "./present";
import {
  findProfileByUserId,
  findProfilePage,
  findSessionProfile,
  insertProfile,
  isHandleTaken,
} from "./queries";

const MAX_HANDLE_ATTEMPTS = 20;

/** Creates the profile of a new account; retries with a suffixed handle when one is taken. */
export async function createProfileForAccount(
  db: Db,
  account: { userId: string; email: string; fullName: string; mailDomain: string },
): Promise<string> {
  const base = defaultHandleBase(account.email);
  for (let attempt = 0; attempt < MAX_HANDLE_ATTEMPTS; attempt++) {
    const handle = defaultHandleCandidate(base, attempt);
    // A deleted account's handle is held back for a while (policy/held-names.ts).
    if ((await isHandleTaken(db, handle)) || (await isNameHeld(db, handle))) continue;
    try {
      await insertProfile(db, {
        userId: account.userId,
        fullName: account.fullName,
        emailAddress: account.email,
        defaultUsername: handle,
        chtchtEmail: `${handle}@${account.mailDomain}`,
      });
      return handle;
    } catch (error) {
      // Another sign-up took the same handle between the check and the insert: try the next one.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`no free handle found for ${base}`);
}

export async function getSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const row = await findSessionProfile(db, userId);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    handle: displayHandle({
      username: row.username,
      defaultUsername: row.defaultUsername,
      emailAddress: row.email,
    }),
    profileImageUrl: row.profileImageUrl,
    verificationType: asVerification(row.verificationType),
  };
}

/** A released username keeps leading to its former owner for 90 days (docs/usernames.md). */
async function releasedNameProfile(db: Db, handle: string) {
  const userId = await redirectedOwner(db, handle, new Date());
  return userId ? findProfileByUserId(db, userId) : undefined;
}

const profileNotFound = (handle: string) => notFound(`Profile not found for ${handle}`);

/** spec-1 §5: handle lookups strip a leading @, trim and lower-case (spec-1 §8 messages). */
export async function getProfileByHandle(
  db: Db,
  { handle: rawHandle, viewerId }: { handle: string; viewerId: string | null },
): Promise<ProfileView> {
  const handle = normalizeHandle(rawHandle);
  if (!handle) throw badRequest(ERROR_CODES.validation, "No username or userid provided");
  const page = await findProfilePage(db, handle, viewerId);
  if (page) {
    // Suspended people, and people who blocked the viewer, are not found; the blocker still sees
    // whom they blocked, to unblock them (docs/safety.md).
    if (page.profile.suspendedAt !== null || (page.ownerBlockedViewer && !page.viewerBlockedOwner))
      throw profileNotFound(handle);
    return presentProfile(page, standingFrom(viewerId, page.profile.userId, page.friend), {
      postsSeen: page.postsSeen,
    });
  }
  // A name its owner gave up less than 90 days ago still leads to them (docs/usernames.md).
  const found = await releasedNameProfile(db, handle);
  const hidden =
    found &&
    (found.profile.suspendedAt !== null ||
      (viewerId !== null &&
        (await blockBetween(db, viewerId, found.profile.userId)) === "blocked"));
  if (!found || hidden) throw profileNotFound(handle);
  return presentProfile(found, await standingOf(db, viewerId, found.profile.userId), {
    postsSeen: await canSeePosts(db, viewerId, found.profile.userId),
  });
}
