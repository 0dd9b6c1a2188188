// What a realtime message does to this tab's caches (domain/realtime-events.ts). Pure apart from
// the query cache and the 'followCountsChanged' window event, so it is tested on its own.
import type { QueryClient } from "@tanstack/react-query";
import type { ServerMessage } from "../../domain/realtime-events";
import { invalidateActivity } from "./queries/activity";
import { invalidateFollowRequests } from "./queries/follow-requests";
import { refreshPrivateProfile, setFollowing } from "./queries/follows";
import { mailKeys, markThreadReadLocally, receiveMessage } from "./queries/mail";
import { liveMutedBy } from "./queries/muted-words";
import { receiveLikeCount } from "./queries/post-likes";
import { receivePost } from "./queries/post-live";
import { applyPostEdit, removePost } from "./queries/posts";
import { setProfileCounts } from "./queries/profile-counts";
import { profileKeys } from "./queries/profiles";
import { sessionKeys } from "./queries/session";

/** Applies one server message; `viewerId` is the signed-in user this connection belongs to. */
export function applyServerMessage(
  queryClient: QueryClient,
  message: ServerMessage,
  viewerId: string | null,
): void {
  switch (message.type) {
    case "profile.counts":
      setProfileCounts(queryClient, message.userId, message.counts);
      return;
    case "profile.changed":
      // A badge given or taken, a new name or photo: the profiles on screen are read again.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      if (message.userId === viewerId)
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      return;
    case "follow.changed":
      // spec-1 §4: the viewer's following set follows changes made anywhere (another tab, another
      // device), an approved request included, and a private profile on screen shows or hides its
      // posts. Someone following the viewer changes counts, which profile.counts carries, and the
      // viewer's waiting requests when they ask or take a request back.
      if (viewerId !== null && message.followerId === viewerId) {
        setFollowing(queryClient, message.followingId, message.state);
        refreshPrivateProfile(queryClient, message.followingId);
      } else if (viewerId !== null && message.followingId === viewerId) {
        invalidateFollowRequests(queryClient);
      }
      return;
    case "activity.created":
    case "activity.read":
      // Something new for the reader, or read elsewhere: the Activity page and the menu badge
      // both ask again, so every tab and device shows the same count.
      invalidateActivity(queryClient);
      return;
    case "post.created": {
      // Marked here as the feed would have been (docs/safety.md "Muted words").
      const { post } = message;
      const mutedBy = liveMutedBy(queryClient, {
        context: "feed",
        viewerId,
        authorId: post.author.userId,
        texts: [post.contentWarning, post.content],
      });
      receivePost(queryClient, mutedBy ? { ...post, mutedBy } : post, viewerId);
      return;
    }
    case "post.updated":
      applyPostEdit(queryClient, message.postId, {
        content: message.content,
        contentWarning: message.contentWarning ?? null,
        imageSensitive: message.imageSensitive,
        updatedAt: message.updatedAt,
      });
      return;
    case "post.deleted":
      removePost(queryClient, message.postId);
      return;
    case "post.likes":
      receiveLikeCount(queryClient, message.postId, message);
      return;
    case "mail.message": {
      // spec-1 §4: into the open conversation and the thread list at once; the reader's own
      // message (sent from another tab) neither marks the thread unread nor counts on the badge.
      const sent = message.message;
      const mutedBy = liveMutedBy(queryClient, {
        context: "mail",
        viewerId,
        authorId: sent.sender?.userId ?? null,
        texts: [sent.subject, sent.body],
      });
      receiveMessage(
        queryClient,
        mutedBy ? { ...sent, mutedBy } : sent,
        viewerId !== null && sent.sender?.userId === viewerId,
      );
      return;
    }
    case "mail.read":
      markThreadReadLocally(queryClient, message.threadId);
      return;
    case "ready":
      // A (re)connected socket: what arrived while it was down is fetched again, not waited for.
      void queryClient.invalidateQueries({ queryKey: mailKeys.all });
      invalidateActivity(queryClient);
      return;
    case "refetch":
      // What arrived while the socket was down cannot be replayed: everything cached is read
      // again (the screens on show at once), so nothing stays silently stale.
      void queryClient.invalidateQueries();
      return;
    case "pong":
      return;
  }
}
