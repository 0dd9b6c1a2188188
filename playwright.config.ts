// Browser tests: the built app served by the compiled server on PGlite in a temp DATA_DIR, driven in
// Debian's Chromium (never a downloaded browser). The server sends its mail over SMTP to a sink
// (e2e/support/smtp-sink.ts, the global setup) that writes each message to DATA_DIR/mail as .eml.
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_FACE_ACTIONS,
  E2E_PORT,
  E2E_SMTP_INBOUND_PORT,
  E2E_SMTP_SINK_PORT,
  E2E_WORKERS,
  MODERATOR_EMAILS,
} from "./e2e/support/env";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/smtp-sink.ts",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // Specs are independent: each registers its own people, so files run on two workers.
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_REPORT ?? ".test-data/results/e2e.json" }],
  ],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    // The service worker serves the build from its cache: a spec that routes requests or stubs
    // files would race it. e2e/installable-app.spec.ts lets it run.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --enable-source-maps --max-semi-space-size=32 dist/server/main.js`,
    url: `${E2E_BASE_URL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_SINK_PORT}`,
      SMTP_INBOUND_PORT: String(E2E_SMTP_INBOUND_PORT),
      // The moderators of e2e/safety.spec.ts (docs/safety.md).
      ADMIN_EMAILS: MODERATOR_EMAILS.join(","),
      FACE_CHALLENGE_ACTIONS: E2E_FACE_ACTIONS.join(","),
      // Link previews read the test's own page server on 127.0.0.1 (e2e/link-previews.spec.ts), as
      // the integration tests allow it (docs/operations.md "Website checks").
      LINK_CHECK_ALLOW_PRIVATE: "127.0.0.1",
      LINK_CHECK_ANY_PORT: "true",
      // A browser's push subscription may name a push service on 127.0.0.1 over plain HTTP
      // (e2e/installable-app.spec.ts), as the integration tests' local push service is.
      PUSH_ALLOW_PRIVATE: "127.0.0.1",
      // Every account the specs make is a moment old: the new-account limits (docs/safety.md "New
      // accounts") would cap their posts and make every link inert. The integration tests drive
      // them with a clock.
      NEW_ACCOUNT_DAYS: "0",
    },
  },
});
