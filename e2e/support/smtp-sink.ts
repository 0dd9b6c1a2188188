// Playwright's globalSetup: an SMTP server standing in for every mail server outside. The e2e
// server sends all its mail here (SMTP_URL in playwright.config.ts), and each message received is
// written as it came to E2E_DATA_DIR/mail/*.eml, the folder mail.ts reads: verification codes and
// mail to outside addresses are read from the same place. Returns the teardown that stops it.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { listenSmtp } from "../../src/server/test-support/smtp-receiver";
import { E2E_DATA_DIR, E2E_SMTP_SINK_PORT } from "./env";

/** Names sort in the order the messages arrived, as the server's own capture files do. */
const fileName = () =>
  `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;

export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  const receiver = await listenSmtp({
    port: E2E_SMTP_SINK_PORT,
    async receive(raw) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, fileName()), raw);
    },
  });
  return receiver.close;
}
