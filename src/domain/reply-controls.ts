// Who may reply and write (docs/safety.md "Who can reply and write"): per post, who may comment
// on it; per person, who may start a conversation with them. Both choose among the same four
// circles: everyone, the people the owner follows, the owner's friends (each follows the other,
// spec-1 §3), nobody. The owner may always comment on their own post. Zod-free, so the first
// script can read the words (docs/performance.md "Initial JavaScript").

export const WHO_MAY = ["everyone", "following", "friends", "nobody"] as const;
/** Who may comment on a post, or message a person. */
export type WhoMay = (typeof WHO_MAY)[number];

export const isWhoMay = (value: unknown): value is WhoMay =>
  typeof value === "string" && (WHO_MAY as readonly string[]).includes(value);

/** The composer's and the post menu's choices ('Who can reply'). */
export const REPLY_CHOICE_LABELS: Record<WhoMay, string> = {
  everyone: "Everyone can reply",
  following: "People you follow can reply",
  friends: "Only friends can reply",
  nobody: "Nobody can reply",
};

/** Settings' choices ('Who can message me'). */
export const MESSAGE_CHOICE_LABELS: Record<WhoMay, string> = {
  everyone: "Everyone",
  following: "People I follow",
  friends: "Friends",
  nobody: "Nobody",
};

/**
 * The line a post shows when its replies are limited, and the words that stand in for the reply
 * box of a reader who may not reply (null for everyone). `handle` is the author's, without @.
 */
export function replyLimitLine(policy: WhoMay, handle: string): string | null {
  switch (policy) {
    case "everyone":
      return null;
    case "following":
      return `Only people @${handle} follows can reply`;
    case "friends":
      return `Only @${handle}'s friends can reply`;
    case "nobody":
      return "Replies are off";
  }
}

/** The refusal of a comment the post's setting does not let through (403 `replies_closed`). */
export const replyRefusal = (policy: WhoMay, handle: string): string =>
  `${replyLimitLine(policy, handle) ?? "You can't reply to this post"}.`;

/** The refusal of a message the recipient's 'Who can message me' does not let through (403
 * `messages_closed`). It names no circle, so it tells the writer nothing of how the two stand. */
export const messagesRefusal = (name: string): string =>
  `${name} doesn't accept messages from you.`;
