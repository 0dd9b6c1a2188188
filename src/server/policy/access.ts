// Who may change or read what a person owns (spec-1 §6, spec-2 §6), decided in one place: every
// use-case that acts on something owned calls `requireOwner` or `requireOwnThing` here, and the
// refusal is the same wherever the rule applies (docs/architecture.md "Who may").
//
// 403 or 404, decided once:
// - 403 with the spec's message: the viewer may know the thing exists (a profile, a post, a
//   comment, a follow list) but may not change it or open it. A check that refuses before the
//   thing is looked up (a verification capture, whose URL names its owner) is 403 too: it tells
//   nothing about whether the thing exists.
// - 404: the thing is private to its owner (a conversation, a passkey, a data export, a session, a
//   checkout), so to anyone else it does not exist; "not yours" and "not there" answer alike. Use-cases
//   often ask for it in the query itself (`where user_id = viewer`) and answer `missing(thing)`
//   when no row comes back.
// Roles (moderator, admin) are policy/roles.ts; blocks policy/blocks.ts; whom one may write to
// policy/recipients.ts; restriction and suspension policy/restrictions.ts; who may see a profile or
// post policy/visibility.ts.
import { forbidden, notFound } from "../errors";

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
  /** A face verification capture is its owner's alone (spec-2 §7; there are no moderators yet). */
  "capture.read": "Only the owner can see a verification photo.",
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

/** What each private thing answers when it is not the viewer's, or not there. */
const MISSING = {
  checkout: "Checkout not found.",
  conversation: "Conversation not found",
  "data export": "This export does not exist.",
  /** An entry of a person's muted words (docs/safety.md "Muted words"). */
  "muted word": "This muted word has been removed.",
  passkey: "This passkey has been removed.",
  /** Pinning is the author's alone (docs/feed.md "Pinned posts"): anyone else's post is missing. */
  "post to pin": "Post not found",
  /** A browser subscribed to pushes (docs/notifications.md "Push"). */
  "push subscription": "This browser no longer gets pushes.",
  session: "This session has already ended.",
} as const;

export type PrivateThing = keyof typeof MISSING;

/** The 404 of a private thing that is gone, or is someone else's. */
export const missing = (thing: PrivateThing) => notFound(MISSING[thing]);

/** 404 unless the viewer owns the thing: no one else learns that it exists. */
export function requireOwnThing(check: {
  viewerId: string | null;
  ownerId: string | null | undefined;
  thing: PrivateThing;
}): void {
  if (check.viewerId === null || check.ownerId !== check.viewerId) throw missing(check.thing);
}
