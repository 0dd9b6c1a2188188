// People in browser tests: accounts made through the API, and a second person at another computer.
import type { Browser, Page } from "@playwright/test";
import type { Account } from "./accounts";
import { E2E_BASE_URL } from "./env";
import { expect, uniqueIp } from "./fixtures";
import { waitForCode } from "./mail";

/** Registers and verifies `account` through the API (signed out afterwards). */
export async function createAccount(page: Page, account: Account): Promise<void> {
  const registered = await page.request.post("/api/auth/register", {
    data: { ...account, agreeToPolicies: true },
  });
  await expect(registered, "register").toBeOK();
  const code = await waitForCode(account.email);
  const verified = await page.request.post("/api/auth/verify-code", {
    data: { email: account.email, code },
  });
  await expect(verified, "verify-code").toBeOK();
}

/** A surname nobody else in the test database has, so a search's counts are exact. */
export function rareWord(length = 8): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  const word = Array.from(
    { length },
    () => letters[Math.floor(Math.random() * letters.length)] as string,
  ).join("");
  return `${word[0]?.toUpperCase()}${word.slice(1)}`;
}

export async function ownHandle(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/session");
  await expect(response).toBeOK();
  const { user } = (await response.json()) as { user: { handle: string } | null };
  if (!user) throw new Error("not signed in");
  return user.handle;
}

/** A second person at their own computer: a separate browser context with its own address. */
export async function secondPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  return context.newPage();
}

/** Resolves once the page's realtime connection has been accepted ({type:'ready'}). */
export function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      // A reconnect carries where it was (`/realtime?epoch=…&after=…`).
      if (new URL(socket.url()).pathname !== "/realtime") return;
      socket.on("framereceived", (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}
