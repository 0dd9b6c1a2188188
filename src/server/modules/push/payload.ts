// What a push says and how the push service treats it (docs/notifications.md "Push"): the
// payload the service worker shows (type, title, a short body, the page to open) and the Web Push
// headers: TTL (how long the service keeps it for a browser that is offline), urgency (whether a
// phone on battery wakes for it) and the topic (a newer push with the same topic replaces one not
// yet delivered: one per post, per thread, per person's followers).
import { createHash } from "node:crypto";
import type { PushPayload } from "../../../domain/contracts/push";
import type { PushNotice } from "../../outbox/messages";

export interface PushOptions {
  TTL: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** At most 32 characters of base64url's alphabet (RFC 8030 §5.4). */
  topic: string;
}

/** Who the push names: the actor's display name and the path of their profile, or an outside
 * sender's address (no profile); null for a push that names no one. */
export interface Named {
  name: string;
  profile: string | null;
}

const HOUR = 3600;
/** A message's words shown in a push, at most. */
const PREVIEW_MAX = 120;

/** A collapse key for `id` (a post, a thread, a person): the kind's letter and 22 characters of
 * the id's hash, since ids are longer than a topic may be. */
const topicOf = (letter: string, id: string) =>
  `${letter}${createHash("sha256").update(id).digest("base64url").slice(0, 22)}`;

/** A message's words as a push shows them: on one line, at most PREVIEW_MAX characters. */
export function shortened(text: string, max = PREVIEW_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** The push for `notice`; its topic also in the payload, where the service worker makes it the
 * notification's tag, so the device too shows one notification per post, thread or person. */
export function composePush(
  notice: PushNotice,
  to: { recipientId: string; from: Named | null },
): { payload: PushPayload; options: PushOptions } {
  const { payload, options } = composed(notice, to);
  return { payload: { ...payload, topic: options.topic }, options };
}

function composed(
  notice: PushNotice,
  { recipientId, from: named }: { recipientId: string; from: Named | null },
): { payload: Omit<PushPayload, "topic">; options: PushOptions } {
  const from = named ?? { name: "Someone", profile: null };
  switch (notice.kind) {
    case "like":
      return {
        payload: {
          type: "like",
          title: "New like",
          body: `${from.name} liked your post`,
          url: `/post/${notice.postId}`,
        },
        options: { TTL: 6 * HOUR, urgency: "low", topic: topicOf("l", notice.postId) },
      };
    case "comment":
      return {
        payload: {
          type: notice.reply ? "reply" : "comment",
          title: notice.reply ? "New reply" : "New comment",
          body: notice.reply
            ? `${from.name} replied to your comment`
            : `${from.name} commented on your post`,
          url: `/post/${notice.postId}`,
        },
        options: { TTL: 24 * HOUR, urgency: "normal", topic: topicOf("c", notice.postId) },
      };
    case "follow":
      return {
        payload: notice.request
          ? {
              type: "follow_request",
              title: "Follow request",
              body: `${from.name} asked to follow you`,
              url: "/activity",
            }
          : {
              type: "follow",
              title: "New follower",
              body: `${from.name} followed you`,
              url: from.profile ?? "/activity",
            },
        options: { TTL: 24 * HOUR, urgency: "low", topic: topicOf("f", recipientId) },
      };
    case "message":
      return {
        payload: {
          type: "message",
          title: "New message",
          body:
            notice.preview === null
              ? `New message from ${from.name}`
              : `${from.name}: ${notice.preview}`,
          url: `/mail?thread=${notice.threadId}`,
        },
        options: { TTL: 24 * HOUR, urgency: "high", topic: topicOf("m", notice.threadId) },
      };
    case "mention":
      return {
        payload: {
          type: "mention",
          title: "New mention",
          body: `${from.name} mentioned you`,
          url: notice.postId ? `/post/${notice.postId}` : "/activity",
        },
        options: {
          TTL: 24 * HOUR,
          urgency: "normal",
          topic: topicOf("n", notice.postId ?? recipientId),
        },
      };
    case "repost":
      return {
        payload: {
          type: "repost",
          title: notice.quote ? "New quote" : "New repost",
          body: notice.quote ? `${from.name} quoted your post` : `${from.name} reposted your post`,
          url: `/post/${notice.quote ?? notice.postId}`,
        },
        options: { TTL: 6 * HOUR, urgency: "low", topic: topicOf("r", notice.postId) },
      };
    case "moderation":
      if (notice.report) {
        return {
          payload: {
            type: "moderation",
            title: "Your report",
            body: "A moderator reviewed your report. Open Activity to read what happened.",
            url: "/activity",
          },
          options: { TTL: 7 * 24 * HOUR, urgency: "low", topic: topicOf("o", recipientId) },
        };
      }
      return {
        payload: {
          type: "moderation",
          title: "Moderation notice",
          body: "A moderator made a decision about your account. Open the app to read it.",
          url: "/",
        },
        options: { TTL: 7 * 24 * HOUR, urgency: "normal", topic: topicOf("x", recipientId) },
      };
    case "badge":
      return {
        payload: {
          type: "badge",
          title: "Badge decision",
          body: notice.approved
            ? "Your badge request was approved."
            : "Your badge request was not approved. Open the app to read why.",
          url: "/",
        },
        options: { TTL: 7 * 24 * HOUR, urgency: "normal", topic: topicOf("b", recipientId) },
      };
  }
}
