// A post's images (docs/feed.md "Images"): Ada picks four photos in the composer, describes each,
// and posts; her feed and the post's page show them in a 2×2 grid, each with its description as
// alt text and an ALT badge that shows it; the viewer moves with the arrow keys and Escape gives
// the focus back. axe finds nothing serious on the feed or the post page, at 1280 and 375 px, in
// the light and dark theme. SHOTS=<dir> keeps screenshots of each.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createAccount } from "./support/people";

const PHOTOS = [
  {
    name: "harbour.jpg",
    width: 1600,
    height: 1000,
    colour: "#3a7bd5",
    alt: "Fishing boats moored in the harbour at dawn",
  },
  {
    name: "lighthouse.jpg",
    width: 900,
    height: 1400,
    colour: "#d5753a",
    alt: "The red lighthouse on the breakwater",
  },
  {
    name: "gulls.jpg",
    width: 1200,
    height: 1200,
    colour: "#4caf50",
    alt: "Three gulls on the pier railing",
  },
  {
    name: "market.jpg",
    width: 1800,
    height: 900,
    colour: "#8e44ad",
    alt: "The fish market's stalls under striped awnings",
  },
];

const shoot = async (page: Page, name: string) => {
  if (process.env.SHOTS)
    await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: false });
};

test("a post with four described images: grid, ALT badges, viewer, and no axe violations", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const ada = newAccount("ada", "Ada Photos");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  await page.goto("/");

  const files = await Promise.all(
    PHOTOS.map(async ({ name, width, height, colour }) => ({
      name,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width, height, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    })),
  );
  const text = `Down at the harbour ${Date.now()}`;
  await page.getByRole("textbox", { name: "What's happening?" }).fill(text);
  await page.getByLabel("Add images").setInputFiles(files);
  for (const [i, { alt }] of PHOTOS.entries()) {
    await page.getByRole("textbox", { name: `Description of image ${i + 1}` }).fill(alt);
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await shoot(page, `composer-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/posts") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Post", exact: true }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { post } = (await response.json()) as { post: { path: string } };

  // In the feed: four images in order, each with its description.
  const article = page.getByRole("article").filter({ hasText: text });
  const grid = article.getByRole("list", { name: "4 images" });
  await expect(grid.getByRole("img")).toHaveCount(4);
  for (const [i, { alt }] of PHOTOS.entries()) {
    await expect(grid.getByRole("img").nth(i)).toHaveAttribute("alt", alt);
  }
  // The ALT badge shows the description on hover.
  const badge = grid.getByRole("button", { name: "ALT: image description" }).first();
  await badge.hover();
  await expect(grid.getByText(PHOTOS[0]?.alt ?? "", { exact: true })).toBeVisible();
  await shoot(page, "feed-alt-badge-1280");
  await page.mouse.move(0, 0);

  // The viewer: arrows move, Escape closes and gives the focus back.
  const opener = grid.getByRole("button", { name: "Open image 2 of 4" });
  await opener.click();
  await expect(page.getByRole("dialog", { name: "Image 2 of 4" })).toBeVisible();
  await shoot(page, "viewer-1280");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Image 3 of 4" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("img")).toHaveAttribute(
    "alt",
    PHOTOS[2]?.alt ?? "",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();

  // axe on the feed and on the post's page, each width and theme.
  const problems: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      for (const [where, path] of [
        ["feed", "/"],
        ["post", post.path],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("list", { name: "4 images" }).first()).toBeVisible();
        await expect(
          page.getByRole("list", { name: "4 images" }).first().getByRole("img").first(),
        ).toHaveJSProperty("complete", true);
        await shoot(page, `${where}-${width}-${theme}`);
        problems.push(...(await violations(page, `${where} [${theme} ${width}px]`)));
      }
    }
  }
  expect(problems).toEqual([]);
});

test("a lone tall image shows whole at its own shape, within 96 units", async ({ page }) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Tall");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const tall = await sharp({
    create: { width: 900, height: 1600, channels: 3, background: "#d5753a" },
  })
    .jpeg()
    .toBuffer();
  const text = `The lighthouse ${Date.now()}`;
  const response = await page.request.post("/api/posts", {
    multipart: {
      content: text,
      alt0: "The red lighthouse against a clear sky",
      image: { name: "lighthouse.jpg", mimeType: "image/jpeg", buffer: tall },
    },
  });
  await expect(response).toBeOK();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/");
    const image = page
      .getByRole("article")
      .filter({ hasText: text })
      .getByRole("img", { name: "The red lighthouse against a clear sky" });
    await expect(image).toHaveAttribute("width", "900");
    await expect(image).toHaveAttribute("height", "1600");
    await expect(image).toHaveJSProperty("complete", true);
    const box = await image.boundingBox();
    // 96 units tall at most, and its own shape: not cropped into the list's frame.
    expect(box?.height).toBeLessThanOrEqual(384.5);
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 900 / 1600)).toBeLessThan(0.02);
    await shoot(page, `single-${width}`);
  }
});
