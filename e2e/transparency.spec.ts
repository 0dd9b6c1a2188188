// The transparency report (docs/safety.md "Transparency report") as people meet it: a moderator
// writes the year's statement in the moderation screen's Transparency tab, and a visitor, signed
// out, finds the report from the footer and reads its figures, which are the JSON's. Pictures of
// both screens, light and dark, go to test-results/screens/.
import type { Browser, Page } from "@playwright/test";
import { newAccount, signInModerator, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createAccount, secondPerson } from "./support/people";

const year = new Date().getUTCFullYear();

interface Report {
  reports: { received: number; byReason: { reason: string; count: number }[] };
  actions: { total: number; byKind: { kind: string; count: number }[] };
  appeals: { received: number };
  statement: { text: string } | null;
}

async function screenshots(page: Page, name: string, width: number): Promise<void> {
  // From the top: a page scrolled down draws its sticky header midway down a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme);
    await page.screenshot({
      path: `test-results/screens/${name}-${width}-${colorScheme}.png`,
      fullPage: true,
      animations: "disabled",
    });
  }
}

/** The count in the row of `table` whose header starts with `label`. */
const countIn = (page: Page, table: string, label: string) =>
  page
    .getByRole("table", { name: table })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${label}`) }) })
    .getByRole("cell");

/** A post by a new person, reported by another as spam. */
async function reportedPost(browser: Browser): Promise<string> {
  const author = await secondPerson(browser);
  const writer = newAccount("transparency.author", "Tess Author");
  await createAccount(author, writer);
  await signInViaApi(author, writer);
  const created = await author.request.post("/api/posts", {
    multipart: { content: `Cheap watches, today only ${Date.now()}` },
  });
  await expect(created, "post").toBeOK();
  const { post } = (await created.json()) as { post: { id: string } };
  await author.context().close();

  const reporter = await secondPerson(browser);
  const someone = newAccount("transparency.reporter", "Rita Reporter");
  await createAccount(reporter, someone);
  await signInViaApi(reporter, someone);
  const reported = await reporter.request.post("/api/reports", {
    data: { targetType: "post", targetId: post.id, reason: "spam" },
  });
  await expect(reported, "report").toBeOK();
  await reporter.context().close();
  return post.id;
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a moderator writes the year's statement and a visitor reads the report`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const height = width === 375 ? 812 : 900;
    await page.setViewportSize({ width, height });

    // Something to count: a reported post, removed under the spam rule.
    const postId = await reportedPost(browser);
    await signInModerator(page);
    const removed = await page.request.post("/api/admin/actions", {
      data: {
        targetType: "post",
        targetId: postId,
        action: "remove",
        reason: "Spam",
        rule: "spam",
      },
    });
    await expect(removed, "remove").toBeOK();

    // The moderator writes the statement for this year.
    await page.goto("/admin/reports");
    await page.getByRole("tab", { name: "Transparency" }).click();
    await expect(page.getByRole("combobox", { name: "Year" })).toHaveValue(String(year));
    const statement = `Every report was read by a person. (${width} px, ${Date.now()})`;
    await page.getByRole("textbox", { name: `Statement for ${year}` }).fill(statement);
    await page.getByRole("button", { name: "Save statement" }).click();
    await expect(page.getByText(`Saved. The ${year} report shows it now.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save statement" })).toBeDisabled();
    await screenshots(page, "transparency-tab", width);

    // A visitor, signed out, finds the report from About's footer.
    const visitor = await secondPerson(browser);
    await visitor.setViewportSize({ width, height });
    await visitor.goto("/about");
    await visitor
      .getByRole("navigation", { name: "Footer" })
      .getByRole("link", { name: "Transparency" })
      .click();
    await expect(
      visitor.getByRole("heading", { name: "Transparency report", level: 1 }),
    ).toBeVisible();
    await expect(visitor).toHaveTitle("Transparency report · chtcht");
    await expect(visitor.getByRole("combobox", { name: "Year" })).toHaveValue(String(year));
    await expect(visitor.getByText(statement)).toBeVisible();

    // Its figures are the JSON's (both read the same counts, kept up to a minute: a read after
    // they were counted again may differ, so the pair is read again until they agree).
    await expect(async () => {
      const response = await visitor.request.get(`/api/transparency/${year}`);
      expect(response.ok()).toBe(true);
      const data = (await response.json()) as Report;
      await visitor.reload();
      const spam = data.reports.byReason.find((row) => row.reason === "spam")?.count ?? 0;
      const removals = data.actions.byKind.find((row) => row.kind === "remove")?.count ?? 0;
      expect(spam).toBeGreaterThanOrEqual(1);
      expect(removals).toBeGreaterThanOrEqual(1);
      expect(data.statement?.text).toBe(statement);
      const reasons = `Reports received in ${year}, by reason`;
      const kinds = `Actions in ${year}, by kind`;
      await expect(countIn(visitor, reasons, "Spam")).toHaveText(spam.toLocaleString("en"));
      await expect(countIn(visitor, reasons, "All reports")).toHaveText(
        data.reports.received.toLocaleString("en"),
      );
      await expect(countIn(visitor, kinds, "Removed")).toHaveText(removals.toLocaleString("en"));
      await expect(countIn(visitor, kinds, "All actions")).toHaveText(
        data.actions.total.toLocaleString("en"),
      );
      await expect(countIn(visitor, `Appeals in ${year}`, "Received")).toHaveText(
        data.appeals.received.toLocaleString("en"),
      );
    }).toPass({ timeout: 30_000 });

    const json = visitor.getByRole("link", { name: `/api/transparency/${year}` });
    await expect(json).toHaveAttribute("href", `/api/transparency/${year}`);
    expect(await violations(visitor, "transparency")).toEqual([]);
    await screenshots(visitor, "transparency", width);
    await visitor.context().close();
  });
}
