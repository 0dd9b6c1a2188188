// Deadlines of one inbound SMTP session that no trickle of bytes can extend (docs/mail.md
// "Inbound"), like Postfix's smtpd_per_record_deadline: smtp-server's idle timer starts again on
// every byte, so a client sending one byte every few seconds and never a line end would hold its
// place for ever. Each deadline runs from a moment of the protocol and only its end stops it:
// - a command line: from when we wait for it (the greeting or our last answer is out) to its end;
// - the session before DATA: from the connection, or the answer to the last message, to DATA;
// - the message: from DATA to its final dot (RFC 5321 §4.5.3.2 gives a client 10 minutes in all).
// Time the client spends waiting for our answer (a recipient look-up, storing the message) counts
// for no deadline of a line or of the message.

export type Deadline = "line" | "session" | "data";

/** How long each deadline runs (ms). */
export type Deadlines = Record<`${Deadline}Ms`, number>;

/** Where the session is: owing a command line, waiting for one of our handlers, sending the
 * message, or waiting for our verdict on it. */
type Phase = "command" | "handler" | "data" | "verdict" | "over";

export class SessionClock {
  private phase: Phase = "command";
  private readonly timers = new Map<Deadline, NodeJS.Timeout>();

  constructor(
    private readonly deadlines: Deadlines,
    private readonly expired: (deadline: Deadline) => void,
  ) {}

  /** The greeting is out: the first line and the session before DATA are timed. */
  start(): void {
    this.phase = "command";
    this.arm("line");
    this.arm("session");
  }

  /** Bytes from the client: a line end while we wait for commands means the next line is owed. */
  received(chunk: Buffer): void {
    if (this.phase === "command" && chunk.includes(0x0a)) this.arm("line");
  }

  /** One of our handlers works on the command that arrived: the client waits for us. */
  handling(): void {
    if (this.phase !== "command") return;
    this.phase = "handler";
    this.disarm("line");
  }

  /** Our handler answered: the next line is owed from now. */
  answered(): void {
    if (this.phase !== "handler") return;
    this.phase = "command";
    this.arm("line");
  }

  /** DATA was accepted: the message has its own deadline, the session's stops. */
  dataStarted(): void {
    this.phase = "data";
    this.disarm("line");
    this.disarm("session");
    this.arm("data");
  }

  /** The final dot arrived: the client waits for our verdict. */
  dataReceived(): void {
    if (this.phase !== "data") return;
    this.phase = "verdict";
    this.disarm("data");
  }

  /** The verdict is out: a new transaction starts, with its own time before DATA. */
  verdictSent(): void {
    if (this.phase === "over") return;
    this.disarm("data");
    this.start();
  }

  /** Between DATA and our verdict a session is not closed to make room for another client. */
  get inMessage(): boolean {
    return this.phase === "data" || this.phase === "verdict";
  }

  stop(): void {
    this.phase = "over";
    for (const deadline of [...this.timers.keys()]) this.disarm(deadline);
  }

  private arm(deadline: Deadline): void {
    this.disarm(deadline);
    const timer = setTimeout(() => {
      this.timers.delete(deadline);
      this.expired(deadline);
    }, this.deadlines[`${deadline}Ms`]);
    timer.unref();
    this.timers.set(deadline, timer);
  }

  private disarm(deadline: Deadline): void {
    clearTimeout(this.timers.get(deadline));
    this.timers.delete(deadline);
  }
}
