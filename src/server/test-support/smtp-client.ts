// A bare SMTP client socket for tests of the inbound server's connection limits: connects from a
// chosen loopback address (all of 127.0.0.0/8 is this machine on Linux), reads the server's first
// line, and tells when and with what the server closed it.
import { connect } from "node:net";
import nodemailer from "nodemailer";

export interface BareSmtpClient {
  /** The server's first line: its greeting or its refusal. */
  line: string;
  /** Everything the server has said so far. */
  said(): string;
  /** Sends one command line and answers the server's whole reply to it. */
  command(line: string): Promise<string>;
  /** Sends bytes as they are, with no line end added (a client trickling a line). */
  write(bytes: string): void;
  closed(): boolean;
  /** When the socket closed (Date.now()). */
  closedAt: Promise<number>;
  close(): void;
}

/** One whole reply: any "250-" continuation lines and the last "250 " line (RFC 5321 §4.2.1). */
const WHOLE_REPLY = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3}[ ][^\r\n]*\r\n/;

export function connectSmtp(port: number, localAddress = "127.0.0.1"): Promise<BareSmtpClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    let text = "";
    let unread = "";
    const replies: string[] = [];
    const waiting: ((reply: string) => void)[] = [];
    let isClosed = false;
    const closedAt = new Promise<number>((done) =>
      socket.once("close", () => {
        isClosed = true;
        done(Date.now());
      }),
    );
    const nextReply = () =>
      new Promise<string>((done) => {
        const reply = replies.shift();
        if (reply === undefined) waiting.push(done);
        else done(reply);
      });
    socket.on("data", (data) => {
      text += String(data);
      unread += String(data);
      for (let m = unread.match(WHOLE_REPLY); m; m = unread.match(WHOLE_REPLY)) {
        unread = unread.slice(m[0].length);
        const done = waiting.shift();
        if (done) done(m[0]);
        else replies.push(m[0]);
      }
    });
    socket.once("error", reject);
    // A reset after the server dropped us only ends the socket; `closedAt` tells when.
    socket.on("error", () => undefined);
    nextReply().then((first) =>
      resolve({
        line: first.split("\r\n")[0] ?? "",
        said: () => text,
        command: (line) => {
          socket.write(`${line}\r\n`);
          return nextReply();
        },
        write: (bytes) => {
          if (socket.writable) socket.write(bytes);
        },
        closed: () => isClosed,
        closedAt,
        close: () => socket.destroy(),
      }),
    );
  });
}

/** A nodemailer transport to the inbound server from a chosen loopback address. */
export const smtpFrom = (port: number, localAddress = "127.0.0.1") =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    localAddress,
    secure: false,
    ignoreTLS: true,
  });

/** The error a refused message rejects with: the reply code and the server's text. */
export type SmtpRefusal = { responseCode?: number; response?: string } | null;

/** Sends and answers null when accepted, else the refusal. */
export async function refusalOf(send: Promise<unknown>): Promise<SmtpRefusal> {
  return send.then(
    () => null,
    (error: { responseCode?: number; response?: string }) => error,
  );
}
