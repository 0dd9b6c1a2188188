// Who may change or read what (spec-1 §6, spec-2 §6), decided in one place: every use-case that
// acts on something a person owns calls `requireOwner` with the permission it needs, and the
// refusal (403 with the spec's message) is the same wherever the rule applies.
import { forbidden } from "../errors";

const REFUSALS = {
  /** spec-2 §6: a user may update only their own profile and own pictures. */
  "profile.update": "Can only update your own pics",
  /** spec-1 §2: only the profile's owner can open the friends, following and followers lists. */
  "profile.lists": "Only the profile's owner can see this list.",
  /** spec-1 §6: edit and delete only one's own posts. */
  "post.change": "Only the author can change this post.",
  /** A comment is deleted by its author or by the author of the post it is on. */
  "comment.delete": "Only the comment's author or the post's author can delete it.",
  /** spec-1 §5: the follower must equal the signed-in user (a row-level rule). */
  "follow.act": "You can only follow or unfollow as yourself.",
} as const;

export type Permission = keyof typeof REFUSALS;

/** `ownerId` may list several people who each hold the permission (a comment's two owners). */
export function requireOwner(check: {
  viewerId: string;
  ownerId: string | readonly string[];
  permission: Permission;
}): void {
  const owners = typeof check.ownerId === "string" ? [check.ownerId] : check.ownerId;
  if (!owners.includes(check.viewerId)) throw forbidden(REFUSALS[check.permission]);
}
