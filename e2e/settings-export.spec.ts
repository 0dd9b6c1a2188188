// Settings' "Your data" (docs/accounts.md "Your data") as a person meets it: a new account with a
// post asks for its data, watches it being prepared, downloads the zip with the browser and finds
// every file in it; the same link arrives by e-mail. At a phone's and a desktop's width; each run
// leaves screenshots of the ready section in both themes under test-results/screens/.
import { readFile } from "node:fs/promises";
import { unzip } from "../src/server/test-support/unzip";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { createAccount } from "./support/people";

const FILES = [
  "README.txt",
  "accepted_senders.json",
  "appeals.json",
  "badge-requests.json",
  "bookmarks.json",
  "comments.json",
  "followed_tags.json",
  "followers.csv",
  "following.csv",
  "likes.json",
  "mail.mbox",
  "muted_words.json",
  "posts.json",
  "profile.json",
  "reposts.json",
];

for (const width of [375, 1280]) {
  test(`at ${width} px, 'Download my data' prepares a zip and the browser downloads it`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const account = newAccount("export", "Eva Exporter");
    await createAccount(page, account);
    await signInViaApi(page, account);
    const posted = await page.request.post("/api/posts", { data: { content: "My first post" } });
    await expect(posted).toBeOK();

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Your data" });
    await section.getByRole("button", { name: "Download my data" }).click();
    const link = section.getByRole("link", { name: /^Download \(\d+ KB\)$/ });
    await expect(link).toBeVisible({ timeout: 20_000 });
    await expect(section.getByText(/^The link works until /)).toBeVisible();
    await expect(section.getByText(/^You can ask for a new copy on /)).toBeVisible();
    // The state is on the server: a reload shows the same ready export.
    await page.reload();
    await expect(link).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveClass(colorScheme);
      await section.screenshot({
        path: `test-results/screens/settings-export-${width}-${colorScheme}.png`,
      });
    }

    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/-data-\d{4}-\d\d-\d\d\.zip$/);
    const zip = await unzip(await readFile(await download.path()));
    expect([...zip.keys()].sort()).toEqual(FILES);
    const posts = JSON.parse(zip.get("posts.json")?.toString() ?? "[]") as { text: string }[];
    expect(posts.map((post) => post.text)).toEqual(["My first post"]);
    expect(JSON.parse(zip.get("profile.json")?.toString() ?? "{}").fullName).toBe("Eva Exporter");

    const mail = await waitForMail(account.email, "Your chtcht data is ready to download");
    const href = await link.getAttribute("href");
    expect(mail.body).toContain(href);
  });
}
