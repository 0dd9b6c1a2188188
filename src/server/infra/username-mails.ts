// The mails of a reserved username's subscription (docs/usernames.md): the receipt, a failed
// renewal payment, the lapse into its grace period and the name's release.
import { longDateLabel } from "../../domain/time-labels";
import { button, escapeHtml, layout } from "./mail-layout";
import type { OutgoingMail } from "./mailer";

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
