// A real SMTP server for tests to send our outbound mail to: it keeps every message, parsed,
// and can be told to refuse the next ones for good (554) or for now (451).
import { type ParsedMail, simpleParser } from "mailparser";
import { listenSmtp } from "./smtp-receiver";

export interface SmtpSink {
  url: string;
  received: { raw: string; parsed: ParsedMail }[];
  refuse: boolean | "for now";
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: Omit<SmtpSink, "url" | "close" | "waitFor"> = { received: [], refuse: false };
  const receiver = await listenSmtp({
    port: 0,
    async receive(raw) {
      if (sink.refuse === "for now") {
        throw Object.assign(new Error("4.3.0 Try later"), { responseCode: 451 });
      }
      if (sink.refuse) throw Object.assign(new Error("5.7.1 Not today"), { responseCode: 554 });
      sink.received.push({ raw: raw.toString("utf8"), parsed: await simpleParser(raw) });
    },
  });
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${receiver.port}`,
    async waitFor(count: number) {
      for (let i = 0; i < 100 && sink.received.length < count; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: receiver.close,
  });
}
