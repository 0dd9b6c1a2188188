// The profile and its editor (spec-1 §2 "Profile screen", spec-2 §2 "Edit profile page", §5):
// a person fills in details, picks a city, uploads an avatar and a picture, saves, and sees it all
// on their profile; someone else cannot open that editor.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { type Account, signedInAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toast } from "./support/screen";

/** A small real PNG, as a phone's camera roll would hand over (the server re-encodes it). */
async function pngFile(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({
    create: { width: 96, height: 96, channels: 3, background: color },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The handle the server gave the signed-in account. */
async function ownHandle(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/session");
  await expect(response).toBeOK();
  const { user } = (await response.json()) as { user: { handle: string } | null };
  if (!user) throw new Error("not signed in");
  return user.handle;
}

/** Clicks what opens the file chooser and hands it the file. */
async function chooseFile(
  page: Page,
  opener: ReturnType<Page["getByRole"]>,
  file: Awaited<ReturnType<typeof pngFile>>,
) {
  const chooser = page.waitForEvent("filechooser");
  await opener.click();
  await (await chooser).setFiles(file);
}

const details = (page: Page) => page.getByRole("region", { name: "Details" });

test("edit the profile: details, city, avatar and a picture show on the profile", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account: Account = await signedInAccount(page, "profile");
  const handle = await ownHandle(page);

  // The header's picture button opens one's own profile.
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Your profile" }).click();
  await expect(page).toHaveURL(`/${handle}`);
  await expect(page.getByRole("heading", { level: 1, name: account.fullName })).toBeVisible();
  await expect(page.getByText(`@${handle}`, { exact: true })).toBeVisible();
  await expect(page.getByText("No posts yet")).toBeVisible();
  await expect(page).toHaveTitle(`${account.fullName} (@${handle}) · chtcht`);

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(`/${handle}/edit-profile`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue(account.fullName);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByRole("button", { name: "AI Face Verification" })).toBeEnabled();

  await page.getByRole("textbox", { name: "About" }).fill("Poet of science.");
  await page.getByLabel("Website URL").fill("https://www.ada.example.org/");
  await page.getByLabel("State", { exact: true }).selectOption("Texas");
  const county = page.getByLabel("County", { exact: true });
  await expect(county).toBeEnabled();
  await expect(county.locator("option", { hasText: "Travis County" })).toHaveCount(1);
  await county.selectOption("Travis County");
  await page.getByLabel("Age", { exact: true }).selectOption("34");
  await page.getByLabel("Gender", { exact: true }).selectOption("Female");
  await page.getByLabel("Height", { exact: true }).selectOption(`5'7"`);

  const city = page.getByRole("combobox", { name: "City", exact: true });
  await city.fill("Austin");
  await page.getByRole("option").filter({ hasText: "Austin, TX" }).first().click();
  await expect(city).toHaveValue("Austin, TX");

  // Pictures upload the moment they are chosen.
  await chooseFile(
    page,
    page.getByRole("button", { name: "Change profile picture" }),
    await pngFile("me.png", { r: 30, g: 120, b: 200 }),
  );
  await expect(toast(page, "Profile image uploaded successfully")).toBeVisible();
  await chooseFile(
    page,
    page.getByRole("button", { name: "Add picture 3" }),
    await pngFile("beach.png", { r: 240, g: 190, b: 60 }),
  );
  await expect(page.getByRole("button", { name: "Replace picture 3" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove picture 3" })).toBeVisible();

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();
  // Back to where the editor was opened from.
  await expect(page).toHaveURL(`/${handle}`);

  const checkProfile = async () => {
    const expected: [label: string, value: string][] = [
      ["City", "Austin, TX"],
      ["County", "Travis County"],
      ["State", "Texas"],
      ["Age", "34"],
      ["Gender", "Female"],
      ["Height", `5'7"`],
    ];
    for (const [label, value] of expected) {
      const row = details(page)
        .locator("div")
        .filter({ has: page.getByText(label, { exact: true }) });
      await expect(row.getByText(value, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Poet of science.")).toBeVisible();
    const website = page.getByRole("link", { name: "ada.example.org" });
    await expect(website).toHaveAttribute("href", "https://ada.example.org/");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
    const avatar = page.getByRole("img", { name: `${account.fullName}'s profile picture` });
    await expect(avatar).toHaveAttribute("src", /\/media\//);
    await expect(page.getByRole("button", { name: "Open picture 3" })).toBeVisible();
  };
  await checkProfile();
  // The header's avatar follows the upload.
  await expect(
    page.getByRole("banner").getByRole("button", { name: "Your profile" }).locator("img"),
  ).toHaveAttribute("src", /\/media\//);

  // Saved on the server, not only in this tab.
  await page.reload();
  await checkProfile();

  // A picture opens larger, and Escape closes it.
  await page.getByRole("button", { name: "Open picture 3" }).click();
  const viewer = page.getByRole("dialog", { name: "Picture 3" });
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
});

test("someone else opening /{handle}/edit-profile lands on /{handle}", async ({ page }) => {
  await signedInAccount(page, "owner");
  const ownerHandle = await ownHandle(page);
  await page.context().clearCookies();

  await signedInAccount(page, "visitor");
  await page.goto(`/${ownerHandle}/edit-profile`);
  await expect(page).toHaveURL(`/${ownerHandle}`);
  await expect(page.getByRole("link", { name: "Edit Profile" })).toBeHidden();
  await page.getByRole("button", { name: "Follow" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Message" }).click();
  await expect(page).toHaveURL(/\/mail\?thread=[0-9a-f-]{36}$/);
});

test("signed out: Follow asks to sign up; an unknown handle says so", async ({ page }) => {
  await signedInAccount(page, "public");
  const handle = await ownHandle(page);
  await page.context().clearCookies();

  // A different case is the same profile, shown at its canonical address.
  await page.goto(`/${handle.toUpperCase()}`);
  await expect(page).toHaveURL(`/${handle}`);
  await page.getByRole("button", { name: "Follow" }).click();
  await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(`/${handle}`)}`);

  await page.goto("/nobody-has-this-handle-42");
  await expect(page.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find that profile.")).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL("/");
});
