// Each test gets its own client address (the server trusts X-Forwarded-For in tests), so the
// per-IP sign-up and login limits apply per simulated person, as in real life. The header is
// added through the `extraHTTPHeaders` option, so `test.use({ viewport, colorScheme, … })` and
// `page.request` (which shares the context's cookies) keep working as usual.
import { test as base } from "@playwright/test";

let counter = 0;
export const uniqueIp = () =>
  `10.${(process.pid % 200) + 1}.${Math.floor(counter / 250) % 250}.${(counter++ % 250) + 1}`;
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": uniqueIp() });
  },
});
export { expect } from "@playwright/test";
