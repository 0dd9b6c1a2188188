// A real SMTP server for tests to send our outbound mail to: it keeps every message, parsed,
// and can be told to refuse the next ones.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  received: { raw: string; parsed: ParsedMail }[];
  refuse: boolean;
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: Omit<SmtpSink, "url" | "close" | "waitFor"> = { received: [], refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (sink.refuse) {
          callback(Object.assign(new Error("5.7.1 Not today"), { responseCode: 554 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((parsed) => {
          sink.received.push({ raw: raw.toString("utf8"), parsed });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    async waitFor(count: number) {
      for (let i = 0; i < 100 && sink.received.length < count; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
