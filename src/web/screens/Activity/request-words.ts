// The words of Requests (docs/notifications.md "Requests"): what one held item is, how many wait
// from a sender, and what Accept and Dismiss did.
import type { RequestItem } from "../../../domain/contracts/requests";

const WHAT: Record<RequestItem["type"], string> = {
  COMMENT: "Commented on your post",
  REPLY: "Replied to your comment",
  MENTION: "Mentioned you",
};

export const itemLabel = (item: RequestItem) => WHAT[item.type];

/** '1 comment waiting', '3 comments and mentions waiting'. */
export function waitingLabel(count: number, items: RequestItem[]): string {
  const mentionsOnly = items.every((item) => item.type === "MENTION");
  const commentsOnly = items.every((item) => item.type !== "MENTION");
  const noun = mentionsOnly ? "mention" : commentsOnly ? "comment" : "comment and mention";
  const plural = mentionsOnly ? "mentions" : commentsOnly ? "comments" : "comments and mentions";
  return `${count} ${count === 1 ? noun : plural} waiting`;
}

/** 'Requests from 3 people', for the entry at the top of Activity. */
export const peopleWaiting = (count: number) =>
  count === 1 ? "1 person is waiting" : `${count} people are waiting`;

export const ANSWERED = {
  accept: (handle: string) => `Accepted @${handle}: what they write now notifies you`,
  dismiss: (handle: string) => `Dismissed what @${handle} wrote`,
};

export const ANSWER_FAILED = {
  accept: (handle: string) => `Could not accept @${handle}. Please try again.`,
  dismiss: (handle: string) => `Could not dismiss @${handle}. Please try again.`,
};
