// axe-core on every screen, signed out and signed in, in the light and dark theme, at 1280 and
// 375 px: no critical and no serious violation (WCAG 2.1 AA rules and axe's best practices).
// Open menus, dialogs and the search results are checked too: they render in portals. The mail
// thread list (with a conversation open) and the 404 page are checked signed in and out, and a
// moderators' notice and an error toast in both themes.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  codeBoxes,
  createVerifiedAccount,
  logIn,
  newAccount,
  passwordInput,
  signInModerator,
  signInViaApi,
} from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { waitForCode } from "./support/mail";
import { createAccount, ownHandle, secondPerson } from "./support/people";
import { landingHeading, openMenu, toast } from "./support/screen";

const THEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 375] as const;

interface Screen {
  name: string;
  path: string;
  /** Visible once the screen has what it shows. */
  ready: (page: Page) => Locator;
  /** Brings up a menu, dialog or panel to check as well. */
  open?: (page: Page, width: number) => Promise<void>;
}

const heading =
  (name: string | RegExp, level = 1) =>
  (page: Page) =>
    page.getByRole("heading", { name, level });

/** Every screen in every width and theme; all problems are collected, then reported at once. */
async function audit(page: Page, screens: Screen[]): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const screen of screens) {
      for (const [index, theme] of THEMES.entries()) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
        // The theme follows the system setting live; a screen with something to open is loaded
        // again so it opens in each theme from the same start.
        if (index === 0 || screen.open) {
          await page.goto(screen.path);
          await expect(screen.ready(page), screen.name).toBeVisible();
          await screen.open?.(page, width);
        }
        await expect(page.locator("html")).toHaveClass(theme);
        problems.push(...(await violations(page, `${screen.name} [${theme} ${width}px]`)));
      }
    }
  }
  return problems;
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The names of the controls a toast lies over. */
function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toastBox = document.querySelector("[data-sonner-toast]")?.getBoundingClientRect();
    if (!toastBox) return ["no toast"];
    const controls = "a, button, input, textarea, select, [role=combobox], [tabindex='0']";
    return [...document.querySelectorAll<HTMLElement>(controls)]
      .filter((control) => !control.closest("[data-sonner-toaster]"))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          box.left < toastBox.right &&
          box.right > toastBox.left &&
          box.top < toastBox.bottom &&
          box.bottom > toastBox.top
        );
      })
      .map((control) => control.getAttribute("aria-label") ?? control.textContent ?? "?");
  });
}

/** A post with a picture and a comment by the signed-in person. */
async function postWithImage(page: Page): Promise<{ id: string; path: string }> {
  const image = await sharp({
    create: { width: 800, height: 500, channels: 3, background: "#3a7bd5" },
  })
    .jpeg()
    .toBuffer();
  const response = await page.request.post("/api/posts", {
    multipart: {
      content: "Harbour lights at dusk, seen from the old pier",
      image: { name: "harbour.jpg", mimeType: "image/jpeg", buffer: image },
    },
  });
  await expect(response, "create post").toBeOK();
  const { post } = (await response.json()) as { post: { id: string; path: string } };
  await expect(
    await page.request.post(`/api/posts/${post.id}/comments`, {
      data: { content: "The light was just right." },
    }),
  ).toBeOK();
  return post;
}

const openMainMenu = async (page: Page) => {
  await openMenu(page);
};

test.describe("accessibility (axe-core)", () => {
  test.describe.configure({ timeout: 480_000 });

  test("signed-out screens have no serious or critical violation", async ({ page, browser }) => {
    const author = await secondPerson(browser);
    const ada = newAccount("axe.author", "Ada Author");
    await createAccount(author, ada);
    await signInViaApi(author, ada);
    const handle = await ownHandle(author);
    const { path: postPath } = await postWithImage(author);
    await author.context().close();

    const screens: Screen[] = [
      { name: "landing", path: "/", ready: landingHeading, open: openMainMenu },
      { name: "login", path: "/signup", ready: (p) => p.getByRole("tab", { name: "Login" }) },
      {
        name: "register with the policies dialog",
        path: "/signup?tab=register",
        ready: (p) => p.getByRole("button", { name: "Create Account" }),
        open: async (p) => {
          await p.getByRole("checkbox", { name: "Agree to all Policies" }).check();
          await expect(p.getByRole("dialog", { name: "chtcht Policies" })).toBeVisible();
        },
      },
      { name: "about", path: "/about", ready: heading("About chtcht") },
      {
        name: "policies",
        path: "/policies",
        ready: (p) => p.getByRole("dialog", { name: "chtcht Policies" }),
      },
      { name: "404", path: "/no/such/page/here", ready: heading("Page not found") },
      { name: "profile", path: `/${handle}`, ready: heading(/Ada Author/) },
      { name: "post page", path: postPath, ready: heading("Post") },
      { name: "mail signed out", path: "/mail", ready: (p) => p.getByRole("main") },
    ];
    expect(await audit(page, screens)).toEqual([]);
  });

  test("signed-in screens have no serious or critical violation", async ({ page, browser }) => {
    const me = newAccount("axe.me", "Grace Viewer");
    await createAccount(page, me);
    await signInViaApi(page, me);
    const handle = await ownHandle(page);
    const post = await postWithImage(page);
    const myId = (
      (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
    ).user.id;

    // A follower who liked and answered: the activity page and the follower list have entries.
    const fan = await secondPerson(browser);
    const finn = newAccount("axe.fan", "Finn Follower");
    await createAccount(fan, finn);
    await signInViaApi(fan, finn);
    for (const [path, data] of [
      ["/api/follows/toggle", { targetUserId: myId }],
      [`/api/posts/${post.id}/like`, {}],
      [`/api/posts/${post.id}/comments`, { content: "Lovely picture!" }],
    ] as const) {
      await expect(await fan.request.post(path, { data }), path).toBeOK();
    }
    // Mail: a conversation the viewer started (read) and one sent to them (unread), so the
    // thread list shows its names, previews and times in both weights.
    await expect(
      await page.request.post("/api/mail/send", {
        data: { to: "friend@example.com", subject: "Weekend", body: "Are you free on Saturday?" },
      }),
      "mail out",
    ).toBeOK();
    await expect(
      await fan.request.post("/api/mail/send", {
        data: { to: `${handle}@chtcht.local`, subject: "Hello", body: "Loved your picture." },
      }),
      "mail in",
    ).toBeOK();
    await fan.context().close();
    // The post bookmarked and pinned: the Bookmarks page lists it, the profile shows it under
    // "Pinned" (docs/feed.md "Bookmarks", "Pinned posts").
    for (const mark of ["bookmark", "pin"]) {
      await expect(await page.request.put(`/api/posts/${post.id}/${mark}`), mark).toBeOK();
    }
    const threadList = (p: Page) => p.getByRole("link", { name: /friend@example\.com/ });

    const screens: Screen[] = [
      {
        name: "home feed with search results",
        path: "/",
        ready: heading("Home"),
        open: async (p, width) => {
          if (width < 640) await p.getByRole("button", { name: "Search", exact: true }).click();
          await p.getByRole("combobox", { name: "Search users" }).fill("Grace");
          await expect(p.getByRole("option").first()).toBeVisible();
        },
      },
      { name: "home feed with the menu", path: "/", ready: heading("Home"), open: openMainMenu },
      {
        name: "own profile with the followers list",
        path: `/${handle}`,
        ready: heading(/Grace Viewer/),
        open: async (p) => {
          await p.getByRole("button", { name: /^Followers: / }).click();
          await expect(p.getByRole("dialog", { name: "Followers" })).toBeVisible();
        },
      },
      {
        name: "edit profile",
        path: `/${handle}/edit-profile`,
        ready: (p) => p.getByLabel("Full Name"),
      },
      {
        name: "post page with the options menu",
        path: post.path,
        ready: heading("Post"),
        open: async (p) => {
          await p.getByRole("main").getByRole("button", { name: "Post options" }).first().click();
          await expect(p.getByRole("menuitem", { name: "Copy link" })).toBeVisible();
        },
      },
      { name: "activity", path: "/activity", ready: heading("Activity") },
      { name: "bookmarks", path: "/bookmarks", ready: (p) => p.getByRole("article").first() },
      { name: "search", path: "/search", ready: heading("Search") },
      { name: "mail thread list", path: "/mail", ready: threadList },
      {
        name: "mail with a conversation open",
        path: "/mail",
        ready: threadList,
        open: async (p) => {
          await threadList(p).click();
          await expect(p).toHaveURL(/\/mail\?thread=/);
          await expect(p.getByText("Are you free on Saturday?")).toBeVisible();
        },
      },
      { name: "about", path: "/about", ready: heading("About chtcht") },
      { name: "404", path: "/no/such/page/here", ready: heading("Page not found") },
    ];
    expect(await audit(page, screens)).toEqual([]);

    // The header's avatar button: its name starts with the initials it shows (WCAG 2.5.3; axe
    // leaves two letters to a person to judge, so it is checked here).
    const avatar = page.getByRole("banner").getByRole("button", { name: /Your profile/ });
    await expect(avatar).toHaveText("GV");
    await expect(avatar).toHaveAccessibleName(/^GV\b/);
  });

  test("registration works with the keyboard alone, the policies dialog included", async ({
    page,
  }) => {
    const account = newAccount("axe.keys", "Kay Board");
    await page.goto("/signup?tab=register");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    for (const [field, text] of [
      [page.getByLabel("Full Name"), account.fullName],
      [page.getByLabel("Email"), account.email],
      [passwordInput(page), account.password],
    ] as const) {
      await tabTo(page, field);
      await page.keyboard.type(text);
    }
    const agree = page.getByRole("checkbox", { name: "Agree to all Policies" });
    await tabTo(page, agree);
    await page.keyboard.press("Space");
    const policies = page.getByRole("dialog", { name: "chtcht Policies" });
    await expect(policies).toBeVisible();
    await tabTo(page, policies.getByRole("button", { name: "I agree" }));
    await page.keyboard.press("Enter");
    await expect(policies).toBeHidden();
    await expect(agree).toBeChecked();
    await expect(agree).toBeFocused();

    await tabTo(page, page.getByRole("button", { name: "Create Account" }));
    await page.keyboard.press("Enter");
    await expect(codeBoxes(page).first()).toBeFocused();
    await page.keyboard.type(await waitForCode(account.email));
    await expect(toast(page, "Email verified! Please log in.")).toBeVisible();
  });

  test("the header search shows where the focus is", async ({ page }) => {
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    const search = page.getByRole("combobox", { name: "Search users" });
    await tabTo(page, search);
    await expect(search).toHaveCSS("outline-style", "solid");
    await expect(search).toHaveCSS("outline-width", "2px");
  });

  test("a moderators' notice on the page has no serious or critical violation", async ({
    page,
    browser,
  }) => {
    const me = newAccount("axe.notice", "Nora Noticed");
    await createAccount(page, me);
    await signInViaApi(page, me);
    const created = await page.request.post("/api/posts", { data: { content: "Buy cheap pills" } });
    await expect(created, "post").toBeOK();
    const { post } = (await created.json()) as { post: { id: string } };
    const moderator = await secondPerson(browser);
    await signInModerator(moderator);
    const action = {
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "Spam.",
    };
    await expect(await moderator.request.post("/api/admin/actions", { data: action })).toBeOK();
    await moderator.context().close();

    const notice = (p: Page) => p.getByRole("region", { name: "A notice from the moderators" });
    expect(
      await audit(page, [{ name: "home with a moderators' notice", path: "/", ready: notice }]),
    ).toEqual([]);
  });

  test("an error toast has no serious or critical violation, in the light and dark theme", async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
        // A confirmation link whose code the server refuses: the error toast on /signup.
        await page.goto("/auth/callback?email=nobody%40example.com&code=123456");
        await expect(page).toHaveURL(/\/signup$/);
        const error = page.locator("[data-sonner-toast][data-type='error']");
        await expect(error).toBeVisible();
        await expect(page.locator("html")).toHaveClass(theme);
        // Held under the pointer, sonner keeps the toast until the check is done.
        await error.hover();
        await expect(error).toHaveAttribute("data-mounted", "true");
        problems.push(...(await violations(page, `error toast [${theme} ${width}px]`)));
        await expect(error, "the toast stayed for the check").toBeVisible();
      }
    }
    expect(problems).toEqual([]);
  });

  test("a toast covers no control: beside the page at 1280 px, below the header at 375 px", async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page, "axe.toast");
    for (const width of WIDTHS) {
      await page.context().clearCookies();
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto("/signup");
      await logIn(page, account);
      await expect(page.getByRole("textbox", { name: "What's happening?" })).toBeVisible();
      if (width === 375) {
        // On a phone the toast spans the width just below the 56 px header, which stays free
        // (measured once it has slid in: it enters from above).
        const toast = page.locator("[data-sonner-toast]").first();
        await expect
          .poll(async () => (await toast.boundingBox())?.y ?? 0)
          .toBeGreaterThanOrEqual(56);
      } else {
        expect(await controlsUnderToast(page), `controls under the toast at ${width}px`).toEqual(
          [],
        );
      }
    }
  });
});
