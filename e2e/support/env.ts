// Where the browser tests' server listens and keeps its data.
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** A host name, not an IP address: WebAuthn takes the relying party from PUBLIC_URL's host, and an
 * IP cannot be one (docs/accounts.md "Passkeys"). The server listens on 127.0.0.1, which Chromium
 * reaches for 'localhost'. */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(".test-data/e2e-data");
/** The e2e server's inbound SMTP port, beside its HTTP port (not 2525, which `npm start` takes). */
export const E2E_SMTP_INBOUND_PORT = E2E_PORT + 1;
/** The SMTP sink standing in for the outside world's mail servers (smtp-sink.ts). */
export const E2E_SMTP_SINK_PORT = E2E_PORT + 2;
/** How many browser workers share the one e2e server (playwright.config.ts). */
export const E2E_WORKERS = 2;
/** The e2e server's moderators (ADMIN_EMAILS, docs/safety.md): one per worker, so two workers
 * never race to register the same person. */
export const MODERATOR_EMAILS = Array.from({ length: E2E_WORKERS }, (_, worker) =>
  moderatorEmail(worker),
);

/** The moderator of the worker with this parallel index. */
export function moderatorEmail(worker: number): string {
  return `moderator-${worker}@example.com`;
}
/** The actions every live face check of the e2e server asks for (FACE_CHALLENGE_ACTIONS), so a
 * fake camera can play them (support/fake-camera.ts). */
export const E2E_FACE_ACTIONS = ["smile", "left"] as const;
