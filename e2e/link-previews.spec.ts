// Link previews (docs/feed.md "Link previews"): Ada types a link to a page on a local server; its
// card, read by our server, appears in the composer. She removes it and posts: that post has no
// card. She posts another link and keeps its card: the post shows it, with our copy of the
// page's image, as one link to the page, and still after a reload; the page was read once.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount } from "./support/people";

const TITLE = "Storm over the bay";

test("a link's card shows in the composer, can be removed, and stays with the post that keeps it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const png = await sharp({
    create: { width: 400, height: 240, channels: 3, background: "#2f7ae0" },
  })
    .png()
    .toBuffer();
  const hits = new Map<string, number>();
  const site = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith("/story")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<html><head><title>Not this</title>
          <meta property="og:title" content="${TITLE}">
          <meta property="og:description" content="Boats stayed in the harbour all afternoon while the wind turned.">
          <meta property="og:site_name" content="Bay News">
          <meta property="og:image" content="/cover.png"></head><body></body></html>`,
      );
    } else if (path === "/cover.png") {
      response.writeHead(200, { "content-type": "image/png" }).end(png);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    const ada = newAccount("ada", "Ada Linker");
    await createAccount(page, ada);
    await signInViaApi(page, ada);
    await page.goto("/");
    const composer = page.getByRole("region", { name: "New post" });
    const box = composer.getByRole("textbox", { name: "What's happening?" });
    const card = (scope: typeof composer) => scope.getByRole("link", { name: new RegExp(TITLE) });

    // The card comes, and goes once removed: the post is written without it.
    const removed = `/story-removed-${Date.now()}`;
    await box.fill(`Without its card ${base}${removed}`);
    await expect(card(composer)).toBeVisible();
    await composer.getByRole("button", { name: "Remove preview" }).click();
    await expect(card(composer)).toHaveCount(0);
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    const first = page.getByRole("article").filter({ hasText: "Without its card" });
    await expect(first).toBeVisible();
    await expect(card(first)).toHaveCount(0);

    // Another post keeps its card.
    const kept = `/story-kept-${Date.now()}`;
    await box.fill(`With its card ${base}${kept}`);
    await expect(card(composer)).toBeVisible();
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    const second = page.getByRole("article").filter({ hasText: "With its card" });
    await expect(card(second)).toBeVisible();
    await expect(card(second)).toHaveAttribute("href", `${base}${kept}`);
    await expect(card(second)).toHaveAttribute("target", "_blank");
    await expect(card(second)).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
    await expect(card(second).locator("img")).toHaveAttribute("src", /^\/media\//);
    await expect(card(second).locator("img")).toHaveAttribute("alt", "");

    await page.reload();
    await expect(
      card(page.getByRole("article").filter({ hasText: "With its card" })),
    ).toBeVisible();
    await expect(
      card(page.getByRole("article").filter({ hasText: "Without its card" })),
    ).toHaveCount(0);
    // Read by the server once each; the browser asked the page nothing.
    expect(hits.get(kept)).toBe(1);
    expect(hits.get(removed)).toBe(1);
    expect(hits.get("/cover.png")).toBe(2); // once for each page's card
  } finally {
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
});
