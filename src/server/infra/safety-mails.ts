// The safety mails (docs/safety.md): a moderator's action told to the person it concerns, and the
// code that confirms a yellow badge's organisation address.
import { escapeHtml, layout } from "./mail-layout";
import type { OutgoingMail } from "./mailer";

/** A moderator's action, told to the person it concerns (docs/safety.md); a suspension's carries
 * the link to appeal it, since the person cannot sign in ("Appealing a suspension"). */
export function moderationMail(input: {
  siteName: string;
  to: string;
  text: string;
  link: string;
  appealUrl?: string | undefined;
}): OutgoingMail {
  const { appealUrl } = input;
  const appeal = "If you think this was a mistake, you can appeal it once, within a year:";
  return {
    to: input.to,
    subject: `A moderator reviewed your ${input.siteName} account`,
    text: appealUrl ? `${input.text}\n\n${appeal}\n${appealUrl}` : `${input.text}\n\n${input.link}`,
    html: layout(
      input.siteName,
      `<p>${escapeHtml(input.text)}</p>${
        appealUrl
          ? `\n<p>${escapeHtml(appeal)} <a href="${escapeHtml(appealUrl)}">Appeal this suspension</a></p>`
          : ""
      }`,
    ),
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
