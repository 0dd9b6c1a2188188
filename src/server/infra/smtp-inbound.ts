// The inbound SMTP server for {handle}@MAIL_DOMAIN (docs/mail.md "Inbound"). It accepts mail only
// for existing addresses on our own domain (RCPT is refused for anyone else: never an open relay),
// bounds message size, connections in all and per client address, and idle time, offers STARTTLS
// when a certificate is configured, checks SPF, DKIM and DMARC (smtp-authenticity.ts), parses the
// message (mailparser; html-to-text for HTML-only mail), cleans every text of control characters
// and hands it to the mail area. Places and deadlines of the sessions are smtp-sessions.ts's. Only authenticity is decided here; where a message goes is the
// mail area's business.
import type { FastifyBaseLogger } from "fastify";
import { convert as htmlToText } from "html-to-text";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { hasControlCharacters, stripControlCharacters } from "../../domain/plain-text";
import type { DnsResolver } from "./dns-resolver";
import { checkAuthenticity } from "./smtp-authenticity";
import type { Deadlines } from "./smtp-deadlines";
import { SmtpSessions } from "./smtp-sessions";
import { isTransientFailure } from "./transient-failure";

export type { DnsResolver } from "./dns-resolver";

export interface ReceivedMail {
  /** The accepted recipients on our domain, as `findRecipient` named them at RCPT TO. */
  recipients: string[];
  /** The address (lower-cased) each of them was named by at RCPT TO. */
  addresses: ReadonlyMap<string, string>;
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
  /** Connections at once in all, and from one client address (an IPv6 /64). */
  maxClients: number;
  maxClientsPerAddress: number;
  /** A client that sends nothing this long while it owes us input is dropped. */
  socketTimeoutMs: number;
  /** What no trickle of bytes extends: a command line, the session before DATA, the message. */
  deadlines: Deadlines;
  tls?: { key: string; cert: string } | undefined;
  resolver: DnsResolver;
  /** Who mail to this local part (before the @) from the envelope's `sender` ("" for a bounce)
   * is for; null for nobody (550 5.1.1), or a refusal of theirs. */
  findRecipient: (localPart: string, sender: string) => Promise<string | RefusedRecipient | null>;
  /** Stores the mail; how many recipients' copies were stored (none: each had it already). */
  deliver: (mail: ReceivedMail) => Promise<number>;
  logger: FastifyBaseLogger;
}

/** A recipient who refuses this sender: answered 550 with this text after the code (an enhanced
 * status code first, e.g. "5.7.1 …"). */
export interface RefusedRecipient {
  refused: string;
}

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

const MAX_RECIPIENTS = 20;
/** The longest address (RFC 5321 §4.5.3.1.3: a path of 256 octets with its angle brackets). */
const MAX_ADDRESS_LENGTH = 254;
/**
 * Message ids longer than this are not kept: nobody writes them, and an id must fit a B-tree
 * index row (about a third of an 8 kB page, PostgreSQL docs "B-Tree Indexes").
 */
const MAX_MESSAGE_ID_LENGTH = 500;
/** The newest references are the ones that find the thread (RFC 5322 §3.6.4). */
const MAX_REFERENCES = 50;
/** How long closing the server waits for open sessions before it ends them with a 421. */
const MAX_CLOSE_WAIT_MS = 5000;

/** An error the server answers with `code` and `message` (thrown by `deliver` too). */
export function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const bare = (id: string) => stripControlCharacters(id).trim().replace(/^<|>$/g, "");

function referencesOf(inReplyTo: string | undefined, references: string | string[] | undefined) {
  const list = [...(Array.isArray(references) ? references : references ? [references] : [])];
  if (inReplyTo) list.push(inReplyTo);
  const ids = list
    .flatMap((r) => r.split(/\s+/))
    .map(bare)
    .filter((id) => id && id.length <= MAX_MESSAGE_ID_LENGTH);
  return [...new Set(ids)].slice(-MAX_REFERENCES);
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => [entry, ...(entry.group ?? [])])
    .map((entry) => stripControlCharacters(entry.address ?? "").toLowerCase())
    .filter(Boolean);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const domain = options.domain.toLowerCase();
  // Each session's accepted recipients by address, so DATA does not look them up again; only the
  // addresses in the envelope count (RSET and a new MAIL FROM start a new one).
  const recipients = new Map<string, Map<string, string>>();
  const server = new SMTPServer({
    name: domain,
    banner: `${domain} mail`,
    size: options.maxBytes,
    // One above ours: the connection that finds every place taken reaches onConnect, where
    // `sessions` may let it in past the busiest address.
    maxClients: options.maxClients + 1,
    socketTimeout: options.socketTimeoutMs,
    closeTimeout: Math.min(options.socketTimeoutMs, MAX_CLOSE_WAIT_MS),
    // The client's PTR name would only go to logs, for a DNS query per connection.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: options.tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    onConnect(session, callback) {
      callback(sessions.start(session));
    },
    onSecure(socket, session, callback) {
      sessions.secured(session, socket);
      callback();
    },
    onClose(session) {
      sessions.ended(session.id);
      recipients.delete(session.id);
    },
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
      if (hasControlCharacters(local)) {
        callback(smtpError(550, "5.1.1 No such user here"));
        return;
      }
      sessions.handling(session.id);
      const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
      options.findRecipient(local, sender.toLowerCase()).then(
        (recipient) => {
          sessions.answered(session.id);
          if (!recipient) {
            callback(smtpError(550, "5.1.1 No such user here"));
            return;
          }
          if (typeof recipient !== "string") {
            callback(smtpError(550, recipient.refused));
            return;
          }
          const accepted = recipients.get(session.id) ?? new Map<string, string>();
          recipients.set(session.id, accepted.set(address.address.toLowerCase(), recipient));
          callback();
        },
        (error: unknown) => {
          sessions.answered(session.id);
          options.logger.error({ err: error }, "inbound recipient lookup failed");
          callback(
            isTransientFailure(error)
              ? smtpError(451, "4.3.0 Temporary failure, try again later")
              : smtpError(550, "5.3.0 This recipient cannot be checked"),
          );
        },
      );
    },
    onData(stream, session, callback) {
      sessions.dataStarted(session.id, stream);
      const accepted = recipients.get(session.id);
      const addresses = new Map<string, string>();
      for (const { address } of session.envelope.rcptTo) {
        const named = address.toLowerCase();
        const id = accepted?.get(named);
        if (id !== undefined && !addresses.has(id)) addresses.set(id, named);
      }
      receive(stream, session, options, domain, addresses).then(
        (stored) => {
          sessions.verdictSent(session.id);
          // A retry of mail every recipient has is accepted all the same (docs/mail.md "Inbound").
          callback(null, stored === 0 ? "OK: already received, not stored again" : undefined);
        },
        (error: Error & { responseCode?: number; code?: string }) => {
          sessions.verdictSent(session.id);
          if (error.responseCode) {
            callback(error);
          } else if (error.code === "ECONNECTION") {
            // The connection closed in the middle of the message (the client left, or a
            // deadline closed it): there is nobody to answer and nothing to store.
            callback(error);
          } else if (isTransientFailure(error)) {
            options.logger.warn({ err: error }, "inbound mail not stored for now: asked to retry");
            callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
          } else {
            // Anything else would fail the same way on every retry (docs/mail.md "Inbound").
            options.logger.error({ err: error }, "inbound mail cannot be stored: refused");
            callback(smtpError(554, "5.6.0 This message cannot be stored"));
          }
        },
      );
    },
  });
  const sessions = new SmtpSessions(server, domain, options);
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
  addresses: ReadonlyMap<string, string>,
): Promise<number> {
  const raw = await readAll(stream);
  if (stream.sizeExceeded) throw smtpError(552, "5.3.4 Message too big");
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const fromAddresses = addressesOf(parsed.from);
  const from = fromAddresses[0];
  if (!from || from.length > MAX_ADDRESS_LENGTH || !from.includes("@")) {
    throw smtpError(550, "5.1.7 A valid From address is required");
  }
  const fromDomains = [...new Set(fromAddresses.map((a) => a.slice(a.lastIndexOf("@") + 1)))];
  if (fromDomains.includes(domain)) {
    throw smtpError(550, "5.7.1 Mail from this domain is sent from inside the product");
  }
  const mailFrom = session.envelope.mailFrom;
  const verdict = await checkAuthenticity({
    raw,
    ip: session.remoteAddress,
    helo: session.hostNameAppearsAs,
    sender: mailFrom ? mailFrom.address : "",
    mta: domain,
    fromDomains,
    resolver: options.resolver,
  });
  if (!verdict.accept) throw smtpError(verdict.code, verdict.message);
  const messageId = parsed.messageId ? bare(parsed.messageId) : "";
  // Plain text when the mail has it; HTML-only mail is turned into text (no markup survives).
  const text =
    parsed.text?.trim() || (parsed.html ? htmlToText(parsed.html, { wordwrap: false }) : "");
  return options.deliver({
    recipients: [...addresses.keys()],
    addresses,
    from,
    subject: stripControlCharacters(parsed.subject ?? "").trim() || null,
    text: stripControlCharacters(text).trim(),
    messageId: messageId && messageId.length <= MAX_MESSAGE_ID_LENGTH ? messageId : null,
    references: referencesOf(parsed.inReplyTo, parsed.references),
    suspicious: verdict.suspicious,
    attachmentsDropped: parsed.attachments.length,
  });
}
