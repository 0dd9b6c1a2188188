// A plain SMTP server on loopback that hands every whole message to `receive` (which may refuse
// it by throwing an error with a responseCode). The test sink and the browser tests' sink use it.
import { SMTPServer } from "smtp-server";

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

export async function listenSmtp(options: {
  port: number;
  receive: (raw: Buffer) => Promise<void>;
}): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        options.receive(Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
