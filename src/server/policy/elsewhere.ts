// What people on other servers may see of ours (docs/federation.md "Private accounts"): a person
// elsewhere sees what a signed-out visitor sees, and a private account's posts only while they are
// its approved follower there and it does not block them. A suspended account shows nothing.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

/** Who elsewhere a person's posts are for: everyone, or their approved followers elsewhere. */
export type AudienceElsewhere = "public" | "followers";

/** Who elsewhere may see this person's posts; null when nobody may (suspended or gone). */
export async function postsAudienceElsewhere(
  db: Db,
  ownerId: string,
): Promise<AudienceElsewhere | null> {
  const [row] = await queryRows<{ audience: AudienceElsewhere | null }>(
    db,
    sql`select case when p.suspended_at is not null then null
                    when p.private_account then 'followers' else 'public' end as audience
        from profiles p where p.user_id = ${ownerId}`,
  );
  return row?.audience ?? null;
}

/** Whether the person elsewhere whose actor is `actorUri` may see this person's posts. */
export async function remoteSeesPostsOf(
  db: Db,
  { actorUri, ownerId }: { actorUri: string; ownerId: string },
): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (
          select 1 from profiles p
          where p.user_id = ${ownerId} and p.suspended_at is null
            and not exists (select 1 from fed_blocks b join fed_actors a on a.id = b.actor_id
                            where b.user_id = p.user_id and a.uri = ${actorUri})
            and (not p.private_account or exists (
                  select 1 from fed_followers f join fed_actors a on a.id = f.actor_id
                  where f.user_id = p.user_id and a.uri = ${actorUri} and f.state = 'accepted'))
        ) as ok`,
  );
  return Boolean(row?.ok);
}
