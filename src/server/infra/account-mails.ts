// The account's transactional mails (docs/accounts.md): the sign-up, deletion and e-mail change
// codes, the password reset link, the notices of a registration or change at a taken address and
// of a done change, and the data export's link.
import { longDateLabel } from "../../domain/time-labels";
import { button, escapeHtml, layout } from "./mail-layout";
import type { OutgoingMail } from "./mailer";

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
