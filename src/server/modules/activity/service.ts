// The Activity page (spec-2 §2, §3, §4): groups of likes, comments and follows, actors and posts
// (their text as it reads now) hydrated in one query each; opening a group marks it read; the
// menu badge's unread count.
import { snippet } from "../../../domain/activity-buckets";
import type { ActivityGroup, ActivityGroupType } from "../../../domain/contracts/activity";
import { displayHandle } from "../../../domain/handles";
import type { Db } from "../../db/client";
import { toPersonSummary } from "../profiles/person";
import { activityGroups, actorsByIds, countUnread, markRead, postsForGroups } from "./queries";

const AVATARS = 5;

export async function listActivity(db: Db, recipientId: string): Promise<ActivityGroup[]> {
  const groups = await activityGroups(db, recipientId);
  const recentActors = groups.map((g) => [...new Set(g.actors)].slice(0, AVATARS));
  const actorIds = [...new Set(recentActors.flat())];
  const postIds = [
    ...new Set(groups.map((g) => g.post_id).filter((id): id is string => id !== null)),
  ];
  const [actors, postRows] = await Promise.all([
    actorsByIds(db, actorIds),
    postsForGroups(db, postIds),
  ]);
  const actorById = new Map(actors.map((a) => [a.userId, a]));
  const postById = new Map(postRows.map((p) => [p.id, p]));
  return groups.map((group, i) => {
    const people = (recentActors[i] ?? []).flatMap((id) => {
      const a = actorById.get(id);
      if (!a) return [];
      const { userId, fullName, handle, profileImageUrl } = toPersonSummary(a);
      return [{ userId, fullName, handle, profileImageUrl }];
    });
    const post = group.post_id ? postById.get(group.post_id) : undefined;
    const postDeleted = group.post_id !== null && (!post || post.deletedAt !== null);
    const target =
      post && !postDeleted
        ? `/${displayHandle(post)}/${post.slug}`
        : (group.group_type === "FOLLOW" || group.group_type === "FOLLOW_ACCEPTED") && people[0]
          ? `/${people[0].handle}`
          : null;
    return {
      groupType: group.group_type,
      postId: group.post_id,
      actorCount: Number(group.actor_count),
      unread: group.unread,
      // The post as it reads now (edits included); a deleted post keeps the words it was liked for.
      postSnippet: post && !postDeleted ? snippet(post.content) : group.post_snippet,
      commentSnippet: group.comment_snippet,
      actorsRecent: people,
      target,
      postDeleted,
      lastEventAt: new Date(group.last_event_at).toISOString(),
    };
  });
}

export const unreadCount = (db: Db, recipientId: string): Promise<number> =>
  countUnread(db, recipientId);

/** Marks one group read (opening it), or every group (Mark all as read) when none is given. */
export async function markActivityRead(
  db: Db,
  input: {
    recipientId: string;
    group: { groupType: ActivityGroupType; postId: string | null } | null;
  },
): Promise<{ ok: true }> {
  await markRead(db, input.recipientId, input.group);
  return { ok: true };
}
