// Reads the .eml files the server captured, as a person reads their inbox.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_DATA_DIR } from "./env";

interface Mail {
  from: string;
  to: string;
  subject: string;
  /** Every text part, transfer-decoded, one after the other. */
  body: string;
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Splits a captured message into its parts and undoes quoted-printable and base64. */
function parseMail(raw: string): Mail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, "im").exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
  const body = rest.join("\n\n");
  const boundary = /boundary="?([^";\s]+)"?/i.exec(head)?.[1];
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\n\n${body}`];
  const decoded = parts.map((part) => {
    const [partHead = "", ...partBody] = part.split(/\r?\n\r?\n/);
    const text = partBody.join("\n\n");
    const encoding = /Content-Transfer-Encoding: *(\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    if (encoding === "quoted-printable") return decodeQuotedPrintable(text);
    if (encoding === "base64") return Buffer.from(text, "base64").toString("utf8");
    return text;
  });
  return {
    from: header("From"),
    to: header("To"),
    subject: header("Subject"),
    body: decoded.join("\n"),
  };
}

const addressOf = (to: string) => (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();

/** The mails sent to `email`, oldest first (capture files are named by time). */
function mailsTo(email: string): Mail[] {
  const dir = path.join(E2E_DATA_DIR, "mail");
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => parseMail(readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => addressOf(mail.to) === email.toLowerCase());
}

/** Waits for the newest verification code sent to `email` that differs from `previous`. */
export async function waitForCode(email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const codes = mailsTo(email).flatMap((mail) => {
          const match = /^(\d{6}) is your/.exec(mail.subject);
          return match?.[1] ? [match[1]] : [];
        });
        code = codes.at(-1);
        return code !== undefined && code !== previous;
      },
      { message: `a verification code mailed to ${email}` },
    )
    .toBe(true);
  return code as string;
}

/** Waits for the newest password-reset link sent to `email`. */
export async function waitForResetLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const links = mailsTo(email).flatMap((mail) => {
          const match = /https?:\/\/[^\s"<>]+\/signup\?stage=reset(?:&amp;|&)token=[^\s"<>&]+/.exec(
            mail.body,
          );
          return match ? [match[0].replace(/&amp;/g, "&")] : [];
        });
        link = links.at(-1);
        return link !== undefined;
      },
      { message: `a password-reset link mailed to ${email}` },
    )
    .toBe(true);
  return link as string;
}

/** Waits for a mail to `email` whose subject is `subject`, as the outside world received it. */
export async function waitForMail(email: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(email).find((mail) => mail.subject === subject);
        return found !== undefined;
      },
      { message: `a mail to ${email} titled '${subject}'` },
    )
    .toBe(true);
  return found as Mail;
}
