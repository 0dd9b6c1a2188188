// The inbound SMTP server's open sessions (docs/mail.md "Inbound"): the places they hold, in all
// and per client address (address-slots.ts), and the deadlines that close them whatever bytes
// arrive (smtp-deadlines.ts). smtp-server calls the hooks of smtp-inbound.ts, which tell this
// where each session is; a session closed here is told why with a 421 and its place is free at
// once. smtp-server's own limit on connections is set one above ours, so the connection that
// finds every place taken reaches `open` and can be let in past the busiest address.
import type { Socket } from "node:net";
import type { SMTPServer, SMTPServerSession } from "smtp-server";
import { AddressSlots } from "./address-slots";
import { type Deadline, type Deadlines, SessionClock } from "./smtp-deadlines";

type Connection = SMTPServer["connections"] extends Set<infer C> ? C : never;

interface Open {
  connection: Connection;
  clock: SessionClock;
  /** The socket whose bytes are read for line ends: the TCP socket, then the TLS one. */
  socket: Socket;
  onBytes: (chunk: Buffer) => void;
}

export interface SessionLimits {
  /** Connections at once in all, and from one client address (an IPv6 /64). */
  maxClients: number;
  maxClientsPerAddress: number;
  deadlines: Deadlines;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export class SmtpSessions {
  private readonly slots: AddressSlots;
  private readonly open = new Map<string, Open>();

  constructor(
    private readonly server: SMTPServer,
    private readonly domain: string,
    private readonly limits: SessionLimits,
  ) {
    this.slots = new AddressSlots({
      perAddress: limits.maxClientsPerAddress,
      total: limits.maxClients,
    });
  }

  /** A new session (onConnect): its place and clocks, or the refusal to answer it with. */
  start(session: SMTPServerSession): Error | null {
    const connection = [...this.server.connections].find((c) => c.id === session.id);
    if (!connection) return smtpError(421, "4.3.0 Try again later");
    const admission = this.slots.admit(
      session.id,
      session.remoteAddress,
      (id) => !this.open.get(id)?.clock.inMessage,
    );
    if (!admission.admitted) {
      return admission.refusal === "address"
        ? smtpError(421, "4.7.0 Too many connections from your address, try again later")
        : smtpError(421, `${this.domain} Too many connected clients, try again in a moment`);
    }
    if (admission.evicted) {
      this.close(
        admission.evicted,
        "4.7.0 Too many connections from your address while others wait, try again later",
      );
    }
    const clock = new SessionClock(this.limits.deadlines, (deadline) =>
      this.close(session.id, this.timeoutReply(deadline)),
    );
    const onBytes = (chunk: Buffer) => clock.received(chunk);
    const socket = connection._socket;
    socket.on("data", onBytes);
    this.open.set(session.id, { connection, clock, socket, onBytes });
    clock.start();
    return null;
  }

  /** STARTTLS is done (onSecure): line ends are read from the TLS socket from now on (the TCP
   * socket's listeners went with the upgrade). */
  secured(session: SMTPServerSession, socket: Socket): void {
    const open = this.open.get(session.id);
    if (!open) return;
    open.socket.off("data", open.onBytes);
    open.socket = socket;
    socket.on("data", open.onBytes);
  }

  /** One of our handlers is working on the session's command; `answered` when it is done. */
  handling(sessionId: string): void {
    this.open.get(sessionId)?.clock.handling();
  }

  answered(sessionId: string): void {
    this.open.get(sessionId)?.clock.answered();
  }

  /** DATA (onData): the message's deadline runs until its final dot. */
  dataStarted(sessionId: string, stream: NodeJS.ReadableStream): void {
    const clock = this.open.get(sessionId)?.clock;
    if (!clock) return;
    clock.dataStarted();
    stream.once("end", () => clock.dataReceived());
  }

  /** Our verdict on the message is about to be sent. */
  verdictSent(sessionId: string): void {
    this.open.get(sessionId)?.clock.verdictSent();
  }

  /** The session closed (onClose): its place is free. */
  ended(sessionId: string): void {
    this.forget(sessionId);
  }

  /** Closes a session with a 421 saying why; its place is free at once. */
  private close(sessionId: string, reply: string): void {
    const open = this.open.get(sessionId);
    this.forget(sessionId);
    open?.connection.send(421, reply);
  }

  private forget(sessionId: string): void {
    const open = this.open.get(sessionId);
    this.slots.release(sessionId);
    if (!open) return;
    this.open.delete(sessionId);
    open.clock.stop();
    open.socket.off("data", open.onBytes);
  }

  private timeoutReply(deadline: Deadline): string {
    const seconds = Math.round(this.limits.deadlines[`${deadline}Ms`] / 1000);
    const what = {
      line: "a command line must arrive whole within",
      session: "a session must reach DATA within",
      data: "a message must arrive whole within",
    }[deadline];
    return `4.4.2 ${this.domain} Timeout: ${what} ${seconds} seconds, closing connection`;
  }
}
