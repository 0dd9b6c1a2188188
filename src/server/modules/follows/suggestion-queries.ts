// SQL behind "People to follow" on an empty home feed (docs/feed.md "People to follow"): people
// who live in the viewer's city and show it to everyone, and people who posted lately. Never the
// viewer, people they already follow, people in a block with them either way, people they muted,
// or suspended people (policy/visibility.ts).
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import { posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { seesPostsOf, visibleAuthor } from "../../policy/visibility";
import { type PersonRow, personColumns } from "../profiles/person";

/** Posts newer than this make their author recently active. */
const ACTIVE_WITHIN = "30 days";
/** The newest posts read to find recently active people; a busy poster fills several. */
const RECENT_POSTS_READ = 500;

type Column = SQL | { getSQL(): SQL };

/** Someone the viewer may be offered: not themselves, not followed yet, visible and not muted. */
function offerable(viewerId: string, user: Column, excluded: readonly string[]): SQL | undefined {
  return and(
    sql`${user} <> ${viewerId}`,
    sql`${user} not in (select f.following_id from followers f where f.follower_id = ${viewerId})`,
    excluded.length > 0 ? sql`not (${user} = any(${sql.param(excluded)}::text[]))` : undefined,
    visibleAuthor(viewerId, user),
  );
}

/** The viewer's own city and who may see it. */
export async function cityOf(db: Db, userId: string) {
  const [row] = await db
    .select({ city: profiles.city, audiences: profiles.attributeAudiences })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** People whose city is `city` and shown to everyone (a missing choice is the default, Everyone:
 * domain/audiences.ts) and who take part in attribute matching; most followed first. */
export function peopleInCity(
  db: Db,
  { viewerId, city, limit }: { viewerId: string; city: string; limit: number },
): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(profiles)
    .where(
      and(
        eq(profiles.city, city),
        eq(profiles.demographicSearch, true),
        sql`coalesce(${profiles.attributeAudiences}->>'city', 'everyone') = 'everyone'`,
        offerable(viewerId, profiles.userId, []),
      ),
    )
    .orderBy(newestFirst(profiles.followersCount), newestFirst(profiles.createdAt), profiles.userId)
    .limit(limit);
}

/** The authors of the newest live posts (read newest first from posts_live_created_idx), most
 * recent poster first; only posts the viewer may see, so a private account's posting is not told
 * (docs/safety.md "Private accounts"). */
export async function recentlyActivePeople(
  db: Db,
  { viewerId, excluded, limit }: { viewerId: string; excluded: string[]; limit: number },
): Promise<PersonRow[]> {
  const recent = db
    .select({ userId: posts.userId, createdAt: posts.createdAt })
    .from(posts)
    .where(
      and(
        isNull(posts.deletedAt),
        sql`${posts.createdAt} > now() - ${ACTIVE_WITHIN}::interval`,
        offerable(viewerId, posts.userId, excluded),
        seesPostsOf(viewerId, posts.userId),
      ),
    )
    .orderBy(newestFirst(posts.createdAt), newestFirst(posts.id))
    .limit(RECENT_POSTS_READ)
    .as("recent");
  const authors = await db
    .select({ userId: recent.userId, activeAt: sql`max(${recent.createdAt})`.as("active_at") })
    .from(recent)
    .groupBy(recent.userId)
    .orderBy(sql`active_at desc`, recent.userId)
    .limit(limit);
  if (authors.length === 0) return [];
  const people = await db
    .select(personColumns)
    .from(profiles)
    .where(
      inArray(
        profiles.userId,
        authors.map((a) => a.userId),
      ),
    );
  const byId = new Map(people.map((person) => [person.userId, person]));
  return authors.flatMap((a) => byId.get(a.userId) ?? []);
}
