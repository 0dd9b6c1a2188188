// The mail that tells a member of a new in-app message (spec-1 §8, docs/mail.md), with the
// unsubscribe foot and headers of an e-mail a person can turn off.
import { escapeHtml, layout, unsubscribeHtml, unsubscribeText } from "./mail-layout";
import type { OutgoingMail } from "./mailer";
import { unsubscribeHeaders } from "./unsubscribe-link";

/** spec-1 §8: after an in-app message, its recipient hears of it at their sign-up address. */
export function messageNoticeMail(input: {
  siteName: string;
  to: string;
  senderName: string;
  subject: string | null;
  body: string;
  link: string;
  settingsLink: string;
  unsubscribeLink: string;
}): OutgoingMail {
  const about = input.subject ? `: ${input.subject}` : "";
  const excerpt = input.body.length > 200 ? `${input.body.slice(0, 199)}…` : input.body;
  return {
    to: input.to,
    subject: `New message from ${input.senderName}${about}`,
    text: `${input.senderName} wrote to you on ${input.siteName}:\n\n${excerpt}\n\nRead and reply: ${input.link}\n\n${unsubscribeText(input)}`,
    html: layout(
      input.siteName,
      `<p><strong>${escapeHtml(input.senderName)}</strong> wrote to you:</p>
<blockquote style="border-left:3px solid #d4d4d8;margin:0;padding:4px 12px;white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>
<p><a href="${escapeHtml(input.link)}">Read and reply</a></p>`,
      unsubscribeHtml(input),
    ),
    headers: unsubscribeHeaders(input.unsubscribeLink),
  };
}
