// The product's transactional mails: plain text plus simple HTML, with the site name.
import { longDateLabel } from "../../domain/time-labels";
import type { OutgoingMail } from "./mailer";
import { unsubscribeHeaders } from "./unsubscribe-link";

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const IGNORE_FOOT = `<p style="color:#71717a;font-size:12px;margin-top:24px">If you did not ask for this e-mail, you can ignore it.</p>`;

/** The page of every HTML mail; `foot` ends it (an e-mail a person can turn off ends with how). */
export function layout(siteName: string, body: string, foot = IGNORE_FOOT): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;color:#18181b">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(siteName)}</h1>${body}
${foot}
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

/** docs/accounts.md "Deleting the account": the code that confirms it, and what it does. */
export function deletionCodeMail(siteName: string, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `${code} is your code to delete your ${siteName} account`,
    text: `Someone signed in to your ${siteName} account asked to delete it.\n\nYour code is ${code}. Enter it in Settings to delete the account for good: your profile, posts, comments, likes, follows and pictures are removed, and messages you sent show as deleted.\n\nThe code expires in 10 minutes. If this was not you, change your password.`,
    html: layout(
      siteName,
      `<p>Someone signed in to your account asked to delete it. Your code is</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p>
<p>Enter it in Settings to delete the account for good: your profile, posts, comments, likes, follows and pictures are removed, and messages you sent show as deleted.</p>
<p>The code expires in 10 minutes. If this was not you, change your password.</p>`,
    ),
    devHint: `account deletion code ${code}`,
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

/** The foot of every e-mail a person can turn off (docs/accounts.md "E-mails from us"). */
export function unsubscribeText(links: { settingsLink: string; unsubscribeLink: string }): string {
  return `Unsubscribe from these e-mails: ${links.unsubscribeLink}\nChoose which e-mails you get: ${links.settingsLink}`;
}

export function unsubscribeHtml(links: { settingsLink: string; unsubscribeLink: string }): string {
  return `<p style="color:#71717a;font-size:12px;margin-top:24px"><a href="${escapeHtml(links.unsubscribeLink)}">Unsubscribe from these e-mails</a> or <a href="${escapeHtml(links.settingsLink)}">choose which e-mails you get</a>.</p>`;
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

/** docs/accounts.md "Changing the e-mail": the code goes to the new address. */
export function emailChangeCodeMail(siteName: string, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `${code} is your ${siteName} code to change your e-mail`,
    text: `Someone asked to use this address for their ${siteName} account.\n\nTo confirm, enter this code in Settings: ${code}\n\nThe code expires in 10 minutes.`,
    html: layout(
      siteName,
      `<p>Someone asked to use this address for their account. To confirm, enter this code in Settings:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p>
<p>The code expires in 10 minutes.</p>`,
    ),
    devHint: `code ${code}`,
  };
}

/** docs/architecture.md "Accounts": someone registered with an address that already has an
 * account; its owner gets this instead of a code, and the registering browser learns nothing. */
export function registrationAttemptMail(input: {
  siteName: string;
  to: string;
  loginLink: string;
  resetLink: string;
}): OutgoingMail {
  const { siteName, to, loginLink, resetLink } = input;
  return {
    to,
    subject: `Someone tried to register with your ${siteName} address`,
    text: `Someone tried to register a new ${siteName} account with your address, which already has one. No account was created.\n\nIf it was you, log in or reset your password:\n${loginLink}\n${resetLink}\n\nIf it was not you, you can ignore this e-mail.`,
    html: layout(
      siteName,
      `<p>Someone tried to register a new account with your address, which already has one. No account was created.</p>
<p>If it was you, <a href="${escapeHtml(loginLink)}">log in</a> or <a href="${escapeHtml(resetLink)}">reset your password</a>.</p>`,
    ),
  };
}

/** docs/accounts.md "Changing the e-mail": the new address already has an account, so its owner
 * is told instead of being sent a code. */
export function emailChangeAttemptMail(siteName: string, to: string): OutgoingMail {
  return {
    to,
    subject: `Someone tried to use your ${siteName} address`,
    text: `Someone signed in to another ${siteName} account asked to move it to your address, which already has an account. Nothing was changed.\n\nIf it was you, log in to this address's account instead, or reset its password.`,
    html: layout(
      siteName,
      `<p>Someone signed in to another account asked to move it to your address, which already has an account. Nothing was changed.</p>
<p>If it was you, log in to this address's account instead, or reset its password.</p>`,
    ),
  };
}

/** docs/accounts.md "Changing the e-mail": the old address is told once the change is done. */
export function emailChangedMail(siteName: string, to: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: `Your ${siteName} e-mail address was changed`,
    text: `The e-mail address of your ${siteName} account is now ${newEmail}. This address no longer signs in.\n\nIf you did not make this change, someone else knows your password and has taken the account.`,
    html: layout(
      siteName,
      `<p>The e-mail address of your account is now <strong>${escapeHtml(newEmail)}</strong>. This address no longer signs in.</p>
<p>If you did not make this change, someone else knows your password and has taken the account.</p>`,
    ),
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

/** docs/safety.md "Badges": the code that confirms the organisation address of a yellow badge
 * request. */
export function orgEmailCodeMail(input: {
  siteName: string;
  to: string;
  code: string;
  officialName: string;
}): OutgoingMail {
  const { siteName, code } = input;
  return {
    to: input.to,
    subject: `${code} is your ${siteName} code to confirm this address`,
    text: `Someone asked for ${siteName}'s yellow badge for ${input.officialName} and gave this address as the organisation's.\n\nTo confirm it, enter this code on the Edit Profile page: ${code}\n\nThe code expires in 10 minutes.`,
    html: layout(
      siteName,
      `<p>Someone asked for the yellow badge for <strong>${escapeHtml(input.officialName)}</strong> and gave this address as the organisation's. To confirm it, enter this code on the Edit Profile page:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p>
<p>The code expires in 10 minutes.</p>`,
    ),
    devHint: `code ${code}`,
  };
}
