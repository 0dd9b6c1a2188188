// SQL for the profiles table (database handle first, so it runs in a transaction or a test db).
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { onReplica } from "../../db/read-routing";
import { users } from "../../db/schema/auth";
import { profiles, userProfilePics } from "../../db/schema/profiles";
import { friendsWith } from "../../policy/viewer-relation";
import { hasBlocked, seesPostsOf } from "../../policy/visibility";
import { attributeSelection } from "./attribute-columns";
import { type PersonRow, personColumns } from "./person";

export interface NewProfile {
  userId: string;
  fullName: string;
  emailAddress: string;
  defaultUsername: string;
  chtchtEmail: string;
}

export async function insertProfile(db: Db, profile: NewProfile): Promise<void> {
  await db.insert(profiles).values(profile);
}

/** True when the handle is taken as a reserved username or as someone's default username. */
export async function isHandleTaken(db: Db, handle: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(profiles)
    .where(
      or(
        sql`lower(${profiles.username}) = ${handle}`,
        sql`lower(${profiles.defaultUsername}) = ${handle}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findSessionProfile(db: Db, userId: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      username: profiles.username,
      defaultUsername: profiles.defaultUsername,
      profileImageUrl: profiles.profileImageUrl,
      verificationType: profiles.verificationType,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** The columns a profile answer shows (present.ts), and the suspension that hides it: the profile
 * page reads only these, not the face check's, the moderation's or the search's own columns. */
const shownColumns = {
  profile: {
    userId: profiles.userId,
    username: profiles.username,
    defaultUsername: profiles.defaultUsername,
    fullName: profiles.fullName,
    emailAddress: profiles.emailAddress,
    chtchtEmail: profiles.chtchtEmail,
    profileImageUrl: profiles.profileImageUrl,
    bannerUrl: profiles.bannerUrl,
    verificationType: profiles.verificationType,
    veteran: profiles.veteran,
    about: profiles.about,
    websiteUrl: profiles.websiteUrl,
    websiteVerifiedAt: profiles.websiteVerifiedAt,
    ...attributeSelection,
    attributeAudiences: profiles.attributeAudiences,
    demographicSearch: profiles.demographicSearch,
    sensitiveConsents: profiles.sensitiveConsents,
    audienceNoticeDue: profiles.audienceNoticeDue,
    privateAccount: profiles.privateAccount,
    followersAudience: profiles.followersAudience,
    followingAudience: profiles.followingAudience,
    suspendedAt: profiles.suspendedAt,
    friendsCount: profiles.friendsCount,
    followingCount: profiles.followingCount,
    followersCount: profiles.followersCount,
  },
  // The row's key first: Drizzle reads a left-joined object as missing when its first column is
  // null, and the first picture slot may be empty while others are not.
  pics: {
    userId: userProfilePics.userId,
    userpic1: userProfilePics.userpic1,
    userpic2: userProfilePics.userpic2,
    userpic3: userProfilePics.userpic3,
    userpic4: userProfilePics.userpic4,
    userpic5: userProfilePics.userpic5,
    userpic6: userProfilePics.userpic6,
    userpic7: userProfilePics.userpic7,
    userpic8: userProfilePics.userpic8,
    userpic9: userProfilePics.userpic9,
  },
};

/** The profile page's read: the profile by handle (already normalised; a reserved username wins
 * over a default username, each found through its unique lower() index) with the viewer's
 * standing to its owner and whether the viewer may see the owner's posts, in one prepared statement
 * (db/prepared.ts). */
const profilePage = preparedPer((db) => {
  const handle = sql.placeholder("handle");
  const viewer = sql.placeholder("viewer");
  return db
    .select({
      ...shownColumns,
      ownerBlockedViewer: hasBlocked(profiles.userId, viewer),
      viewerBlockedOwner: hasBlocked(viewer, profiles.userId),
      friend: friendsWith(viewer, profiles.userId),
      postsSeen: seesPostsOf(viewer, profiles.userId),
    })
    .from(profiles)
    .leftJoin(userProfilePics, eq(userProfilePics.userId, profiles.userId))
    .where(
      or(
        sql`lower(${profiles.username}) = ${handle}`,
        sql`lower(${profiles.defaultUsername}) = ${handle}`,
      ),
    )
    .orderBy(sql`(lower(${profiles.username}) = ${handle}) is true desc`)
    .limit(1)
    .prepare("profile_page");
});

/** A profile by handle (already normalised) as `viewerId` stands to it; undefined: no such handle.
 * A read a replica may serve (db/read-routing.ts). */
export async function findProfilePage(db: Db, handle: string, viewerId: string | null) {
  const [row] = await onReplica(db, (on) => profilePage(on).execute({ handle, viewer: viewerId }));
  return row;
}

export async function findProfileByUserId(db: Db, userId: string) {
  const rows = await db
    .select({ profile: profiles, pics: userProfilePics })
    .from(profiles)
    .leftJoin(userProfilePics, eq(userProfilePics.userId, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return rows[0];
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileByUserId>>>;

/** What a profile answer is made from: a whole row, or the profile page's `shownColumns`. */
export type ShownProfileRow = Pick<
  NonNullable<Awaited<ReturnType<typeof findProfilePage>>>,
  "profile" | "pics"
>;

export type ProfileChanges = Partial<typeof profiles.$inferInsert>;

export async function updateProfileRow(
  db: Db,
  userId: string,
  changes: ProfileChanges,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** The website a check reads and the names its link back may use. */
export async function findWebsiteOwner(db: Db, userId: string) {
  const rows = await db
    .select({
      websiteUrl: profiles.websiteUrl,
      username: profiles.username,
      defaultUsername: profiles.defaultUsername,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return rows[0];
}

/** A check's result, kept only while the profile still shows the website that was checked. */
export async function setWebsiteVerifiedAt(
  db: Db,
  {
    userId,
    websiteUrl,
    verifiedAt,
  }: { userId: string; websiteUrl: string; verifiedAt: Date | null },
): Promise<void> {
  await db
    .update(profiles)
    .set({ websiteVerifiedAt: verifiedAt })
    .where(and(eq(profiles.userId, userId), eq(profiles.websiteUrl, websiteUrl)));
}

export type PictureSlot = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

const slotColumn = (slot: PictureSlot) => `userpic${slot}` as const;

/** Sets one picture slot (null clears it), creating the row on first use. */
export async function setPictureSlot(
  db: Db,
  userId: string,
  slot: PictureSlot,
  url: string | null,
): Promise<void> {
  const column = slotColumn(slot);
  await db
    .insert(userProfilePics)
    .values({ userId, [column]: url })
    .onConflictDoUpdate({
      target: userProfilePics.userId,
      set: { [column]: url, updatedAt: new Date() },
    });
}

export function pictureInSlot(row: ProfileRow, slot: PictureSlot): string | null {
  return row.pics?.[slotColumn(slot)] ?? null;
}

/** Every media URL a profile points at: the avatar, the banner and the nine picture slots. */
export function mediaUrlsOf(row: ProfileRow): string[] {
  const slots = ([1, 2, 3, 4, 5, 6, 7, 8, 9] as const).map((slot) => pictureInSlot(row, slot));
  return [row.profile.profileImageUrl, row.profile.bannerUrl, ...slots].filter(
    (url): url is string => Boolean(url),
  );
}

export async function profileExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return rows.length > 0;
}

/** What a report on the profile shows (safety's queue), with the names its handle is made of. */
export async function findReportedProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      about: profiles.about,
      image: profiles.profileImageUrl,
      username: profiles.username,
      defaultUsername: profiles.defaultUsername,
      emailAddress: profiles.emailAddress,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

/** Moderation's columns (docs/safety.md "Moderate"); not an edit by the person, so `updated_at`
 * stays. */
export async function setStanding(
  db: Db,
  userId: string,
  standing: Partial<Pick<typeof profiles.$inferInsert, "restrictedUntil" | "suspendedAt" | "role">>,
): Promise<void> {
  await db.update(profiles).set(standing).where(eq(profiles.userId, userId));
}

/** The listed-person columns (person.ts) of the profiles among `ids`. */
export async function personRowsByIds(db: Db, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(profiles).where(inArray(profiles.userId, ids));
}
