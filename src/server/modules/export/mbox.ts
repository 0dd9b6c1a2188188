// mail.mbox (docs/accounts.md "Your data"): every message of every thread the person is in, as
// RFC 5322 messages in mboxrd, so a mail client such as Thunderbird opens it and threads it. A
// message the product sent or received keeps its Message-ID; one written inside the product gets
// `<{id}@MAIL_DOMAIN>`; each names the thread's previous message in In-Reply-To and References.
import MailComposer from "nodemailer/lib/mail-composer";
import type { MessageRow } from "./data-queries";

/** References keeps the thread's first message and the latest ones (RFC 5322 §3.6.4 allows
 * trimming), so a long thread's headers stay short. */
const REFERENCES_KEPT = 10;

export interface Party {
  name: string;
  address: string;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** The separator line's date, asctime() in UTC: `Wed Nov 25 17:33:03 2026`. */
export function asctime(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, " ");
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${day} ${time} ${date.getUTCFullYear()}`;
}

/** mboxrd: every line that reads `From ` after any number of `>` gets one more `>`. */
export const escapeFromLines = (text: string) => text.replace(/^(>*From )/gm, ">$1");

/** Follows one thread's messages in order, giving each its threading headers. */
export class ThreadWriter {
  private readonly ids: string[] = [];

  constructor(private readonly mailDomain: string) {}

  /** One message as an mbox entry: the `From ` line, the escaped message, a blank line. */
  async entry(row: MessageRow, parties: { from: Party; to: Party }): Promise<Buffer> {
    const messageId = row.messageId ?? `${row.id}@${this.mailDomain}`;
    const previous = this.ids.at(-1);
    const references =
      this.ids.length > REFERENCES_KEPT
        ? [this.ids[0] as string, ...this.ids.slice(-(REFERENCES_KEPT - 1))]
        : [...this.ids];
    this.ids.push(messageId);
    const body = row.removedAt ? "This message was removed by a moderator." : row.body;
    const raw = await new MailComposer({
      from: parties.from,
      to: parties.to,
      subject: row.subject ?? "(no subject)",
      text: body,
      date: row.createdAt,
      messageId: `<${messageId}>`,
      ...(previous
        ? { inReplyTo: `<${previous}>`, references: references.map((id) => `<${id}>`) }
        : {}),
    })
      .compile()
      .build();
    const message = escapeFromLines(raw.toString("utf8").replace(/\r\n/g, "\n"));
    const separator = `From ${parties.from.address} ${asctime(row.createdAt)}\n`;
    return Buffer.from(`${separator}${message.endsWith("\n") ? message : `${message}\n`}\n`);
  }
}
