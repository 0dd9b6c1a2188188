// Content warnings (docs/feed.md "Content warnings"): Ada posts behind a warning with a sensitive
// image; Ben, who follows her, finds it collapsed, opens it with 'Show more' (from the keyboard),
// then reveals the blurred image; with 'Always expand posts with content warnings' on, it opens
// by itself.
import sharp from "sharp";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount, secondPerson } from "./support/people";

test("a post behind a content warning opens with Show more", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Warner");
  const ben = newAccount("ben", "Ben Reader");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaId = (
    (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;

  // Ada writes the post from her composer: the warning, the text, an image marked sensitive.
  await page.goto("/");
  const text = `Who wins the final ${Date.now()}`;
  await page.getByRole("button", { name: "Content warning" }).click();
  await page.getByRole("textbox", { name: /Content warning/ }).fill("Spoilers: the final");
  await page.getByRole("textbox", { name: "What's happening?" }).fill(text);
  const png = await sharp({
    create: { width: 320, height: 200, channels: 3, background: "#2f7ae0" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Add images")
    .setInputFiles({ name: "final.png", mimeType: "image/png", buffer: png });
  await page.getByRole("checkbox", { name: /Mark image as sensitive/ }).check();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  // No description was written: the prompt asks, and Post anyway sends it.
  await page.getByRole("button", { name: "Post anyway" }).click();
  const own = page.getByRole("article").filter({ hasText: "Spoilers: the final" });
  await expect(own.getByRole("button", { name: "Show more" })).toBeVisible();
  await expect(own.getByText(text)).toHaveCount(0);

  // Ben follows her and finds it collapsed in his feed.
  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  await expect(
    await benPage.request.post("/api/follows/toggle", { data: { targetUserId: adaId } }),
  ).toBeOK();
  await benPage.goto("/");
  const post = benPage.getByRole("article").filter({ hasText: "Spoilers: the final" });
  const toggle = post.getByRole("button", { name: "Show more" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(post.getByText(text)).toHaveCount(0);
  await expect(post.getByRole("img")).toHaveCount(0);

  // He opens it from the keyboard; the image waits behind its own button.
  await toggle.focus();
  await benPage.keyboard.press("Enter");
  await expect(post.getByRole("button", { name: "Show less" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(post.getByText(text)).toBeVisible();
  await post.getByRole("button", { name: "Sensitive content — show image" }).click();
  await expect(post.getByRole("img", { name: "Image attached to the post" })).toBeVisible();

  // With 'Always expand posts with content warnings' on, the post opens by itself.
  await benPage.goto("/settings");
  const always = benPage.getByRole("switch", { name: "Always expand posts with content warnings" });
  await expect(always).toHaveAttribute("aria-checked", "false");
  await always.click();
  await expect(always).toHaveAttribute("aria-checked", "true");
  await benPage.goto("/");
  await expect(post.getByText(text)).toBeVisible();
  await expect(post.getByRole("button", { name: "Show less" })).toBeVisible();
  await benPage.context().close();
});
