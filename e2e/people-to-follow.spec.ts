// A new person's first screen (docs/feed.md "People to follow"): the empty feed offers people to
// follow, and the first-run checklist ticks 'Follow 3 people' as they follow three of them, then
// goes away for good when dismissed. On a phone and on a desktop.
import type { Browser } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, rareWord, realtimeReady, secondPerson } from "./support/people";

/** Someone at another computer who signs up and posts once, so they are recently active. */
async function poster(browser: Browser, fullName: string) {
  const page = await secondPerson(browser);
  const account = newAccount("poster", fullName);
  await createAccount(page, account);
  await signInViaApi(page, account);
  const response = await page.request.post("/api/posts", {
    multipart: { content: `Hello from ${fullName}` },
  });
  await expect(response, "post").toBeOK();
  await page.context().close();
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("follow three suggested people from the empty feed; the checklist ticks and can be dismissed", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const names = [`Ann ${rareWord()}`, `Ben ${rareWord()}`, `Cy ${rareWord()}`];
      for (const name of names) await poster(browser, name);

      const me = newAccount("newcomer", "New Comer");
      await createAccount(page, me);
      await signInViaApi(page, me);
      const live = realtimeReady(page);
      await page.goto("/");
      await live;

      await expect(page.getByText("No posts yet")).toBeVisible();
      const checklist = page.getByRole("region", { name: "Get started" });
      await expect(checklist).toContainText("0 of 4 done");
      await expect(checklist.getByRole("listitem").nth(2)).toHaveText(
        "Follow 3 people (0/3)(to do)",
      );

      const people = page.getByRole("region", { name: "People to follow" });
      for (const name of names) {
        await expect(people.getByRole("link", { name })).toBeVisible();
        await expect(people.getByRole("listitem").filter({ hasText: name })).toContainText(
          "Posted recently",
        );
      }
      for (const name of names) {
        await people.getByRole("button", { name: `Follow ${name}` }).click();
        await expect(people.getByRole("button", { name: `Following ${name}` })).toBeVisible();
      }
      await expect(checklist.getByRole("listitem").nth(2)).toHaveText("Follow 3 people(done)");
      await expect(checklist).toContainText("1 of 4 done");

      await checklist.getByRole("button", { name: "Hide Get started" }).click();
      await expect(checklist).toBeHidden();

      // Next visit: the feed has the followed people's posts, and the checklist stays dismissed.
      await page.reload();
      await expect(page.getByText(`Hello from ${names[2]}`)).toBeVisible();
      await expect(page.getByText("No posts yet")).toBeHidden();
      await expect(page.getByRole("region", { name: "Get started" })).toBeHidden();
    });
  });
}
