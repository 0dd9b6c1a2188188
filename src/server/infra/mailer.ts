// Outbound mail. With SMTP_URL set, messages go over SMTP (nodemailer); otherwise each message is
// written as a real RFC 822 .eml file under DATA_DIR/mail/ and announced with one log line.
// Mail a person writes to an outside address goes out From their own address, with the headers a
// mail client threads by, and DKIM-signed when a key is configured (docs/mail.md "Outbound").
import { createHash, type KeyObject, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Transactional mail has an HTML part; a person's message is plain text only. */
  html?: string;
  /** The sender; the product's own MAIL_FROM when not given. */
  from?: { name: string; address: string };
  /** Message-ID without the angle brackets; threading headers refer to earlier ones. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** More headers, written as given (List-Unsubscribe and List-Unsubscribe-Post: docs/mail.md
   * "Unsubscribe headers"). */
  headers?: Record<string, string>;
  /** ISO time of the Date header; the outbox fixes it when the mail is written (docs/outbox.md). */
  date?: string;
  /** Printed in the log in development so a newcomer can sign up without a mail server. */
  devHint?: string;
}

export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** Parsed once (config.ts), not a PEM string nodemailer would parse for every mail. */
  privateKey: KeyObject;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  captureDir: string;
  logger: FastifyBaseLogger;
  logHints: boolean;
  dkim?: DkimKey | undefined;
}

const angle = (id: string) => `<${id}>`;

/** Headers nodemailer writes as they are: a List-Unsubscribe URL must not be encoded or folded
 * inside its angle brackets. */
const preparedHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }]),
  );

/** nodemailer's message fields for one outgoing mail. */
function message(mail: OutgoingMail, options: MailerOptions) {
  return {
    from: mail.from ?? options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.date ? { date: new Date(mail.date) } : {}),
    ...(mail.messageId ? { messageId: angle(mail.messageId) } : {}),
    ...(mail.inReplyTo ? { inReplyTo: angle(mail.inReplyTo) } : {}),
    ...(mail.references?.length ? { references: mail.references.map(angle) } : {}),
    ...(mail.headers ? { headers: preparedHeaders(mail.headers) } : {}),
    ...(options.dkim ? { dkim: options.dkim } : {}),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // One attempt ends within the outbox's 30 s lease (docs/outbox.md), so a slow server is
    // retried, not sent to twice by two workers. Connections are kept and reused, up to 5 at once
    // and 100 messages each (nodemailer's pool): a connection, greeting and EHLO per message made
    // each outside message wait about 100 ms more (docs/performance.md "Outbound mail").
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 5,
      maxMessages: 100,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 15_000,
    });
    return smtpMailer(transport, options);
  }
  return captureMailer(options);
}

function smtpMailer(transport: Transporter, options: MailerOptions): Mailer {
  return {
    async send(mail) {
      await transport.sendMail(message(mail, options));
      options.logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    },
    close: () => transport.close(),
  };
}

/**
 * A mail's file: its time, then a digest of its Message-ID, so the outbox delivering the same mail
 * again after a crash rewrites the one file instead of adding a second (docs/outbox.md).
 */
function captureName(mail: OutgoingMail): string {
  const stamp = (mail.date ?? new Date().toISOString()).replace(/[:.]/g, "-");
  const id = mail.messageId ?? randomUUID();
  return `${stamp}-${createHash("sha256").update(id).digest("hex").slice(0, 12)}.eml`;
}

function captureMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail, options));
      await mkdir(options.captureDir, { recursive: true });
      const file = path.join(options.captureDir, captureName(mail));
      await writeFile(file, info.message as Buffer);
      const hint = options.logHints && mail.devHint ? ` (${mail.devHint})` : "";
      options.logger.info({ to: mail.to, file }, `mail captured for ${mail.to}${hint}`);
    },
    close: () => transport.close(),
  };
}
