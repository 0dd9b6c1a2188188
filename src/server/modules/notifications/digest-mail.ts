// The daily digest's e-mail (docs/accounts.md "E-mails from us"): "Since yesterday: 3 new
// followers (Ann, Bo and Cy), 1 follow request, 5 likes, 1 repost and 2 comments on your posts,
// 1 reply to your comments, 2 mentions",
// each follower linked to their profile, the rest to the Activity page, and the unsubscribe foot.
import { longDateLabel } from "../../../domain/time-labels";
import { escapeHtml, layout, unsubscribeHtml, unsubscribeText } from "../../infra/mail-layout";
import type { OutgoingMail } from "../../infra/mailer";
import { unsubscribeHeaders } from "../../infra/unsubscribe-link";

export interface DigestContent {
  /** Newest first; `total` may count more than are named. */
  followers: { people: { fullName: string; link: string }[]; total: number };
  likes: number;
  /** Reposts of the person's posts, and quotes of them (docs/social-and-realtime.md "Reposts and
   * quotes in Activity"). */
  reposts: number;
  quotes: number;
  /** Comments on the person's posts. */
  comments: number;
  /** Replies to the person's comments, on others' posts (a reply on their own post is a comment). */
  replies: number;
  /** Follow requests waiting for the person's answer (a private account). */
  requests: number;
  /** Posts and comments that mention the person. */
  mentions: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'a', 'a and b', 'a, b and c'. */
const listed = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");

/** 'Ann', 'Ann and Bo', 'Ann, Bo and 3 others'. */
function names(people: string[], total: number): string {
  const others = total - people.length;
  return listed(others > 0 ? [...people, count(others, "other", "others")] : people);
}

/** 'Since yesterday' for a window of about a day, else the date it began. */
export function sinceLabel(from: Date, now: Date): string {
  const hours = (now.getTime() - from.getTime()) / 3_600_000;
  return hours <= 36 ? "Since yesterday" : `Since ${longDateLabel(from)}`;
}

/** The one-line summary, the followers named or not ('3 new followers (Ann, Bo and Cy), 5 likes
 * and 2 comments on your posts, 1 reply to your comments'); null when there is nothing to tell. */
export function digestSummary(content: DigestContent, named = true): string | null {
  const parts: string[] = [];
  const { followers, likes, reposts, quotes, comments, replies, requests, mentions } = content;
  if (followers.total > 0) {
    const who = names(
      followers.people.map((p) => p.fullName),
      followers.total,
    );
    const counted = count(followers.total, "new follower", "new followers");
    // Followers elsewhere are counted, not named (docs/accounts.md "The daily digest").
    parts.push(named && followers.people.length > 0 ? `${counted} (${who})` : counted);
  }
  if (requests > 0) parts.push(count(requests, "follow request", "follow requests"));
  const onPosts = [
    ...(likes > 0 ? [count(likes, "like", "likes")] : []),
    ...(reposts > 0 ? [count(reposts, "repost", "reposts")] : []),
    ...(quotes > 0 ? [count(quotes, "quote", "quotes")] : []),
    ...(comments > 0 ? [count(comments, "comment", "comments")] : []),
  ];
  if (onPosts.length > 0) parts.push(`${listed(onPosts)} on your posts`);
  if (replies > 0) parts.push(`${count(replies, "reply", "replies")} to your comments`);
  if (mentions > 0) parts.push(count(mentions, "mention", "mentions"));
  return parts.length > 0 ? parts.join(", ") : null;
}

/** What the Activity link leads to: 'the likes and comments', 'the replies', …; null for none. */
function activityLabel(content: DigestContent) {
  const { likes, reposts, quotes, comments, replies, requests, mentions } = content;
  const kinds = [
    ...(requests > 0 ? ["follow requests"] : []),
    ...(likes > 0 ? ["likes"] : []),
    ...(reposts > 0 ? ["reposts"] : []),
    ...(quotes > 0 ? ["quotes"] : []),
    ...(comments > 0 ? ["comments"] : []),
    ...(replies > 0 ? ["replies"] : []),
    ...(mentions > 0 ? ["mentions"] : []),
  ];
  return kinds.length === 0 ? null : `See the ${listed(kinds)}`;
}

export function digestMail(input: {
  siteName: string;
  to: string;
  since: string;
  summary: string;
  content: DigestContent;
  activityLink: string;
  settingsLink: string;
  unsubscribeLink: string;
}): OutgoingMail {
  const { followers } = input.content;
  const seeActivity = activityLabel(input.content);
  const followerLines = followers.people.map((p) => `- ${p.fullName}: ${p.link}`);
  const text = [
    `${input.since}: ${input.summary}.`,
    ...(followerLines.length > 0 ? ["", "New followers:", ...followerLines] : []),
    ...(seeActivity ? ["", `${seeActivity}: ${input.activityLink}`] : []),
    "",
    unsubscribeText(input),
  ].join("\n");
  const followerHtml =
    followerLines.length > 0
      ? `<p>New followers:</p><ul>${followers.people
          .map((p) => `<li><a href="${escapeHtml(p.link)}">${escapeHtml(p.fullName)}</a></li>`)
          .join("")}</ul>`
      : "";
  const activityHtml = seeActivity
    ? `<p><a href="${escapeHtml(input.activityLink)}">${seeActivity}</a></p>`
    : "";
  return {
    to: input.to,
    subject: `${input.since}: ${digestSummary(input.content, false)}`,
    text,
    html: layout(
      input.siteName,
      `<p>${escapeHtml(input.since)}: ${escapeHtml(input.summary)}.</p>${followerHtml}${activityHtml}`,
      unsubscribeHtml(input),
    ),
    headers: unsubscribeHeaders(input.unsubscribeLink),
  };
}
