// The inbound SMTP server for {handle}@MAIL_DOMAIN (docs/mail.md "Inbound"). It accepts mail only
// for existing addresses on our own domain (RCPT is refused for anyone else: never an open relay),
// bounds message size and connections, offers STARTTLS when a certificate is configured, checks
// SPF, DKIM and DMARC (mailauth, with a resolver tests replace), parses the message (mailparser;
// html-to-text for HTML-only mail) and hands it to the mail area. Only authenticity is decided
// here; where a message goes is the mail area's business.
import type { FastifyBaseLogger } from "fastify";
import { convert as htmlToText } from "html-to-text";
import { authenticate } from "mailauth";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

/** The signature of dns.promises.resolve, which mailauth calls for TXT (and MX, A) records. */
export type DnsResolver = (name: string, type: string) => Promise<unknown>;

export interface ReceivedMail {
  /** Local parts (before the @) of the accepted recipients on our domain. */
  recipients: string[];
  from: string;
  subject: string | null;
  text: string;
  messageId: string | null;
  /** In-Reply-To and References, without angle brackets, oldest first. */
  references: string[];
  /** Failed DMARC under a quarantine policy. */
  suspicious: boolean;
  attachmentsDropped: number;
}

export interface InboundSmtpOptions {
  host: string;
  port: number;
  domain: string;
  maxBytes: number;
  maxClients: number;
  tls?: { key: string; cert: string } | undefined;
  resolver: DnsResolver;
  acceptsRecipient: (localPart: string) => Promise<boolean>;
  deliver: (mail: ReceivedMail) => Promise<void>;
  logger: FastifyBaseLogger;
}

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

const MAX_RECIPIENTS = 20;

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, "");

function referencesOf(inReplyTo: string | undefined, references: string | string[] | undefined) {
  const list = [...(Array.isArray(references) ? references : references ? [references] : [])];
  if (inReplyTo) list.push(inReplyTo);
  return [
    ...new Set(
      list
        .flatMap((r) => r.split(/\s+/))
        .filter(Boolean)
        .map(bare),
    ),
  ];
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** DMARC's verdict on a message: refuse (reject policy), mark (quarantine), or accept. */
async function verdictOf(raw: Buffer, session: SMTPServerSession, options: InboundSmtpOptions) {
  const mailFrom = session.envelope.mailFrom;
  const { dmarc } = await authenticate(raw, {
    ip: session.remoteAddress,
    helo: session.hostNameAppearsAs,
    sender: mailFrom ? mailFrom.address : "",
    mta: options.domain,
    resolver: options.resolver as never,
  });
  const failed = dmarc !== false && dmarc.status?.result === "fail";
  if (failed && dmarc.policy === "reject") return { refuse: dmarc.domain as string };
  return { suspicious: failed && dmarc.policy === "quarantine" };
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const domain = options.domain.toLowerCase();
  const server = new SMTPServer({
    name: domain,
    banner: `${domain} mail`,
    size: options.maxBytes,
    maxClients: options.maxClients,
    authOptional: true,
    disabledCommands: options.tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    onRcptTo(address, session, callback) {
      const [local = "", host = ""] = address.address.toLowerCase().split("@");
      if (host !== domain) {
        callback(smtpError(550, "5.7.1 Relaying denied: we accept mail for our own users only"));
        return;
      }
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        callback(smtpError(452, "4.5.3 Too many recipients"));
        return;
      }
      options.acceptsRecipient(local).then(
        (known) => callback(known ? undefined : smtpError(550, "5.1.1 No such user here")),
        (error: unknown) => {
          options.logger.error({ err: error }, "inbound recipient lookup failed");
          callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      receive(stream, session, options, domain).then(
        () => callback(),
        (error: Error & { responseCode?: number }) => {
          if (!error.responseCode) {
            options.logger.error({ err: error }, "inbound mail could not be delivered");
            callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
            return;
          }
          callback(error);
        },
      );
    },
  });
  server.on("error", (error) => options.logger.error({ err: error }, "inbound SMTP error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function receive(
  stream: NodeJS.ReadableStream & { sizeExceeded?: boolean },
  session: SMTPServerSession,
  options: InboundSmtpOptions,
  domain: string,
): Promise<void> {
  const raw = await readAll(stream);
  if (stream.sizeExceeded) throw smtpError(552, "5.3.4 Message too big");
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const from = parsed.from?.value[0]?.address?.toLowerCase();
  if (!from) throw smtpError(550, "5.1.7 A From address is required");
  if (from.endsWith(`@${domain}`)) {
    throw smtpError(550, "5.7.1 Mail from this domain is sent from inside the product");
  }
  const verdict = await verdictOf(raw, session, options);
  if ("refuse" in verdict) {
    throw smtpError(550, `5.7.1 Rejected by the DMARC policy of ${verdict.refuse}`);
  }
  await options.deliver({
    recipients: session.envelope.rcptTo.map((r) => (r.address.split("@")[0] ?? "").toLowerCase()),
    from,
    subject: parsed.subject?.trim() || null,
    // Plain text when the mail has it; HTML-only mail is turned into text (no markup survives).
    text: (
      parsed.text?.trim() || (parsed.html ? htmlToText(parsed.html, { wordwrap: false }) : "")
    ).trim(),
    messageId: parsed.messageId ? bare(parsed.messageId) : null,
    references: referencesOf(parsed.inReplyTo, parsed.references),
    suspicious: verdict.suspicious,
    attachmentsDropped: parsed.attachments.length,
  });
}
