// Posts, likes, comments and activity (spec-1 §2, §4; spec-2 §2): A posts with an image; B, who follows A, sees it
// arrive live, likes and comments; A's menu shows unread activity, the Activity page lists it under
// New and opens the post; the copied link opens the same post elsewhere; crawlers get og tags. A
// post's time reads the same in the feed and on its page (components/text/time-stamp.tsx).
import sharp from "sharp";
import { newAccount, signInViaApi } from "./support/accounts";
import { E2E_BASE_URL } from "./support/env";
import { expect, test } from "./support/fixtures";
import { createAccount, ownHandle, realtimeReady, secondPerson } from "./support/people";
import { openMenu } from "./support/screen";

test("a post travels from author to follower and back as activity", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ada = newAccount("ada", "Ada Poster");
  const ben = newAccount("ben", "Ben Reader");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const adaHandle = await ownHandle(page);
  const adaId = (
    (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;

  // Ben follows Ada and keeps his home feed open.
  const benPage = await secondPerson(browser);
  await createAccount(benPage, ben);
  await signInViaApi(benPage, ben);
  await expect(
    await benPage.request.post("/api/follows/toggle", { data: { targetUserId: adaId } }),
  ).toBeOK();
  const benLive = realtimeReady(benPage);
  await benPage.goto("/");
  await expect(benPage.getByText("No posts yet")).toBeVisible();
  await benLive;

  // Ada posts with an image from her home screen.
  const adaLive = realtimeReady(page);
  await page.goto("/");
  await adaLive;
  const text = `Sunrise over the harbour ${Date.now()}`;
  await page.getByRole("textbox", { name: "What's happening?" }).fill(text);
  const png = await sharp({
    create: { width: 640, height: 400, channels: 3, background: "#e07a2f" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Add images")
    .setInputFiles({ name: "sunrise.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await page.getByRole("button", { name: "Post anyway" }).click();
  await expect(page.getByRole("article").filter({ hasText: text })).toBeVisible();

  // It arrives in Ben's open feed without a reload, with its image.
  const benPost = benPage.getByRole("article").filter({ hasText: text });
  await expect(benPost).toBeVisible();
  await expect(benPost.getByRole("img", { name: "Image attached to the post" })).toHaveAttribute(
    "src",
    /^\/media\//,
  );

  // Ben likes it and replies on the post page.
  await benPost.getByRole("button", { name: /^Like, 0 likes$/ }).click();
  await expect(benPost.getByRole("button", { name: /^Unlike, 1 like$/ })).toBeVisible();
  await benPost.getByText(text).click();
  await expect(benPage).toHaveURL(new RegExp(`/${adaHandle}/sunrise-over-the-harbour`));
  await benPage.getByRole("textbox", { name: "Write a reply" }).fill("Beautiful colours!");
  await benPage.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(benPage.getByText("Beautiful colours!")).toBeVisible();

  // Ada's menu shows unread activity; the Activity page lists both under New.
  await page.reload();
  await openMenu(page);
  await expect(page.getByRole("menuitem", { name: /Activity.*unread/ })).toBeVisible();
  await page.getByRole("menuitem", { name: /Activity/ }).click();
  await expect(page.getByRole("heading", { name: "New" })).toBeVisible();
  const commentEntry = page.getByRole("button", { name: /Ben Reader .*comment/ });
  await expect(commentEntry).toBeVisible();
  await expect(page.getByRole("button", { name: /Ben Reader .*liked/ })).toBeVisible();

  // Opening the entry goes to the post page.
  await commentEntry.click();
  await expect(page).toHaveURL(new RegExp(`/${adaHandle}/sunrise-over-the-harbour`));
  await expect(page.getByRole("heading", { name: "Post" })).toBeVisible();
  await expect(page.getByText("Beautiful colours!")).toBeVisible();

  // Copy link, then open it in a fresh context: the same post.
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await page.getByRole("button", { name: "Post options" }).first().click();
  await page.getByRole("menuitem", { name: "Copy link" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${E2E_BASE_URL}/${adaHandle}/sunrise-over-the-harbour`));
  const stranger = await secondPerson(browser);
  await stranger.goto(link);
  await expect(stranger.getByText(text)).toBeVisible();
  await expect(stranger.getByText("Sign in to reply")).toBeVisible();

  // A crawler, which runs no JavaScript, gets the post in the preview tags.
  const crawled = await stranger.request.get(link, { headers: { "user-agent": "Twitterbot/1.0" } });
  const html = await crawled.text();
  expect(html).toContain(`<meta property="og:description" content="${text}" />`);
  // Absolute, on the site's own address (PUBLIC_URL).
  expect(html).toContain(`<meta property="og:image" content="${E2E_BASE_URL}/media/`);

  await Promise.all([benPage.context().close(), stranger.context().close()]);
});

test("a post's time: short in the feed with the full date in its tooltip, the full date on its page", async ({
  page,
}) => {
  const ada = newAccount("ada.time", "Ada Timely");
  await createAccount(page, ada);
  await signInViaApi(page, ada);
  const created = await page.request.post("/api/posts", { data: { content: "What time is it" } });
  await expect(created, "post").toBeOK();
  const { post } = (await created.json()) as { post: { path: string; createdAt: string } };
  const fullDate = /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d (AM|PM)$/;

  await page.goto("/");
  const inFeed = page.getByRole("article", { name: "Post by Ada Timely" }).locator("time");
  await expect(inFeed).toHaveText(/^\d+[smhdw]$/);
  await expect(inFeed).toHaveAttribute("title", fullDate);
  await expect(inFeed).toHaveAttribute("datetime", post.createdAt);
  const title = await inFeed.getAttribute("title");

  await page.goto(post.path);
  const onPage = page.getByRole("article", { name: "Post by Ada Timely" }).locator("time");
  // spec-2 §2: the post's own page shows the full date, as the list's tooltip does.
  await expect(onPage).toHaveText(title ?? "");
  await expect(onPage).toHaveAttribute("title", title ?? "");
  await expect(onPage).toHaveAttribute("datetime", post.createdAt);
});
