// The product's transactional mails: plain text plus simple HTML, with the site name.
import { longDateLabel } from "../../domain/time-labels";
import type { OutgoingMail } from "./mailer";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function layout(siteName: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;color:#18181b">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(siteName)}</h1>${body}
<p style="color:#71717a;font-size:12px;margin-top:24px">If you did not ask for this e-mail, you can ignore it.</p>
</div></body></html>`;
}

export function verificationCodeMail(
  siteName: string,
  to: string,
  code: string,
  link: string,
): OutgoingMail {
  return {
    to,
    subject: `${code} is your ${siteName} verification code`,
    text: `Your ${siteName} verification code is ${code}.\n\nEnter it on the sign-up screen, or open this link:\n${link}\n\nThe code expires in 10 minutes.`,
    html: layout(
      siteName,
      `<p>Your verification code is</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p>
<p>Enter it on the sign-up screen, or <a href="${escapeHtml(link)}">verify your e-mail with one click</a>.</p>
<p>The code expires in 10 minutes.</p>`,
    ),
    devHint: `code ${code}`,
  };
}

export function passwordResetMail(siteName: string, to: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: `Someone asked to reset the password of your ${siteName} account.\n\nChoose a new password here:\n${link}\n\nThe link expires in 1 hour.`,
    html: layout(
      siteName,
      `<p>Someone asked to reset the password of your account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#18181b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Choose a new password</a></p>
<p>The link expires in 1 hour.</p>`,
    ),
    devHint: `reset link ${link}`,
  };
}

/** spec-1 §8: after an in-app message, its recipient hears of it at their sign-up address. */
export function messageNoticeMail(input: {
  siteName: string;
  to: string;
  senderName: string;
  subject: string | null;
  body: string;
  link: string;
}): OutgoingMail {
  const about = input.subject ? `: ${input.subject}` : "";
  const excerpt = input.body.length > 200 ? `${input.body.slice(0, 199)}…` : input.body;
  return {
    to: input.to,
    subject: `New message from ${input.senderName}${about}`,
    text: `${input.senderName} wrote to you on ${input.siteName}:\n\n${excerpt}\n\nRead and reply: ${input.link}\n\nYou can turn these e-mails off on the Mail page.`,
    html: layout(
      input.siteName,
      `<p><strong>${escapeHtml(input.senderName)}</strong> wrote to you:</p>
<blockquote style="border-left:3px solid #d4d4d8;margin:0;padding:4px 12px;white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>
<p><a href="${escapeHtml(input.link)}">Read and reply</a></p>
<p style="color:#71717a;font-size:12px">You can turn these e-mails off on the Mail page.</p>`,
    ),
  };
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#18181b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** Receipt for a reserved username, bought or renewed (docs/usernames.md "Receipts"). */
export function receiptMail(input: {
  siteName: string;
  to: string;
  name: string;
  mailDomain: string;
  priceUsd: number;
  renewsAt: Date;
  link: string;
}): OutgoingMail {
  const renews = longDateLabel(input.renewsAt);
  return {
    to: input.to,
    subject: `Receipt: @${input.name} on ${input.siteName}`,
    text: `Thank you. @${input.name} is yours.\n\nUsername: @${input.name}\nMail address: ${input.name}@${input.mailDomain}\nPrice: $${input.priceUsd} per year\nRenews on: ${renews}\n\nManage or cancel renewal: ${input.link}`,
    html: layout(
      input.siteName,
      `<p>Thank you. <strong>@${escapeHtml(input.name)}</strong> is yours.</p>
<table style="font-size:14px;border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0;color:#71717a">Username</td><td>@${escapeHtml(input.name)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#71717a">Mail address</td><td>${escapeHtml(input.name)}@${escapeHtml(input.mailDomain)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#71717a">Price</td><td>$${input.priceUsd} per year</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#71717a">Renews on</td><td>${renews}</td></tr>
</table>${button(input.link, "Manage renewal")}`,
    ),
  };
}

export function paymentFailedMail(input: {
  siteName: string;
  to: string;
  name: string;
  link: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `We could not renew @${input.name}`,
    text: `The payment to renew @${input.name} on ${input.siteName} failed. We will try again over the next days; update your card to keep the name.\n\n${input.link}`,
    html: layout(
      input.siteName,
      `<p>The payment to renew <strong>@${escapeHtml(input.name)}</strong> failed. We will try again over the next days; update your card to keep the name.</p>${button(input.link, "Update payment")}`,
    ),
  };
}

export function lapsedMail(input: {
  siteName: string;
  to: string;
  name: string;
  graceEndsAt: Date;
  link: string;
}): OutgoingMail {
  const until = longDateLabel(input.graceEndsAt);
  return {
    to: input.to,
    subject: `@${input.name} has lapsed: renew by ${until}`,
    text: `Your subscription for @${input.name} on ${input.siteName} has ended. The name stays yours until ${until}; renew before then to keep it.\n\n${input.link}`,
    html: layout(
      input.siteName,
      `<p>Your subscription for <strong>@${escapeHtml(input.name)}</strong> has ended. The name stays yours until ${until}; renew before then to keep it.</p>${button(input.link, "Renew")}`,
    ),
  };
}

export function releasedMail(input: {
  siteName: string;
  to: string;
  name: string;
  buyBackUntil: Date;
  link: string;
}): OutgoingMail {
  const until = longDateLabel(input.buyBackUntil);
  return {
    to: input.to,
    subject: `@${input.name} has been released`,
    text: `@${input.name} is no longer your username on ${input.siteName}; your profile is back at its default address, and links to /${input.name} lead there for 90 days. Until ${until} only you can reserve @${input.name} again.\n\n${input.link}`,
    html: layout(
      input.siteName,
      `<p><strong>@${escapeHtml(input.name)}</strong> is no longer your username; your profile is back at its default address, and links to /${escapeHtml(input.name)} lead there for 90 days.</p><p>Until ${until} only you can reserve @${escapeHtml(input.name)} again.</p>`,
    ),
  };
}

/** A moderator's action, told to the person it concerns (docs/safety.md). */
export function moderationMail(input: {
  siteName: string;
  to: string;
  text: string;
  link: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `A moderator reviewed your ${input.siteName} account`,
    text: `${input.text}\n\n${input.link}`,
    html: layout(input.siteName, `<p>${escapeHtml(input.text)}</p>`),
  };
}

/** A data export is ready (docs/accounts.md "Your data"): the link works for its owner, signed in. */
export function exportReadyMail(input: {
  siteName: string;
  to: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const until = longDateLabel(input.expiresAt);
  return {
    to: input.to,
    subject: `Your ${input.siteName} data is ready to download`,
    text: `The copy of your ${input.siteName} data you asked for is ready. Sign in, then download it here:\n${input.link}\n\nThe link works until ${until}, and only when you are signed in. You can also find it under Settings, Your data.`,
    html: layout(
      input.siteName,
      `<p>The copy of your data you asked for is ready.</p>${button(input.link, "Download my data")}
<p>The link works until ${until}, and only when you are signed in. You can also find it under Settings, Your data.</p>`,
    ),
    devHint: `export ${input.link}`,
  };
}
