// The filter of new accounts (docs/notifications.md "Requests", docs/mail.md "Message requests"):
// Rita turns 'Filter messages and comments from accounts newer than 30 days' on in Settings; Nat,
// whose account is a moment old, comments on her post and writes to her. Activity lists nothing
// but a 'Requests' entry, which leads to Nat's comment; Accept moves it into Activity. Mail lists
// nothing but 'Requests', whose conversation she accepts into Mail. No screen has a serious
// accessibility violation.
import { newAccount, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createAccount, secondPerson } from "./support/people";

test("a new account's comment and message wait under Requests until accepted", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rita = newAccount("rita", "Rita Reed");
  const nat = newAccount("nat", "Nat Newcomer");
  await createAccount(page, rita);
  await signInViaApi(page, rita);
  const ritaId = (
    (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;

  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  const filter = notifications.getByRole("switch", {
    name: "Filter messages and comments from accounts newer than 30 days",
  });
  await expect(filter).toHaveAttribute("aria-checked", "false");
  await filter.click();
  await expect(filter).toHaveAttribute("aria-checked", "true");
  const posted = await page.request.post("/api/posts", {
    data: { content: `What grows best in shade? ${Date.now()}` },
  });
  await expect(posted).toBeOK();
  const { post } = (await posted.json()) as { post: { id: string } };

  const natPage = await secondPerson(browser);
  await createAccount(natPage, nat);
  await signInViaApi(natPage, nat);
  await expect(
    await natPage.request.post(`/api/posts/${post.id}/comments`, {
      data: { content: "Ferns, and my seed shop" },
    }),
  ).toBeOK();
  const opened = await natPage.request.post("/api/mail/threads/direct", {
    data: { userId: ritaId },
  });
  await expect(opened).toBeOK();
  const { thread } = (await opened.json()) as { thread: { id: string } };
  await expect(
    await natPage.request.post(`/api/mail/threads/${thread.id}/messages`, {
      data: { subject: null, body: "Hi Rita, new here" },
    }),
  ).toBeOK();

  // Activity: nothing told, a Requests entry instead.
  await page.goto("/activity");
  await expect(page.getByText("No activity yet")).toBeVisible();
  const entry = page.getByRole("link", { name: /Requests.*1 person is waiting/ });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();
  await expect(page.getByText("Ferns, and my seed shop")).toBeVisible();
  await expect(page.getByText("1 comment waiting")).toBeVisible();
  expect(await violations(page, "Activity, requests")).toEqual([]);
  await page.getByRole("button", { name: /^Accept @/ }).click();
  await expect(page.getByText(/^Accepted @.*: what they write now notifies you$/)).toBeVisible();
  await expect(page.getByText("No requests waiting.")).toBeVisible();
  await page.getByRole("link", { name: "Activity" }).first().click();
  await expect(
    page.getByRole("button", { name: /Nat Newcomer commented on your post/ }),
  ).toBeVisible();

  // Mail: the accepted sender's conversation came along; a second new account's waits.
  await page.goto("/mail");
  await expect(
    page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: /Nat Newcomer/ }),
  ).toBeVisible();
  expect(await violations(page, "Mail")).toEqual([]);
});

test("a new account's message waits under Mail's Requests until accepted", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rita = newAccount("rita", "Rita Reed");
  const noa = newAccount("noa", "Noa Nowak");
  await createAccount(page, rita);
  await signInViaApi(page, rita);
  const ritaId = (
    (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;
  await expect(
    await page.request.patch("/api/account/notifications", { data: { filterNewAccounts: true } }),
  ).toBeOK();

  const noaPage = await secondPerson(browser);
  await createAccount(noaPage, noa);
  await signInViaApi(noaPage, noa);
  const opened = await noaPage.request.post("/api/mail/threads/direct", {
    data: { userId: ritaId },
  });
  const { thread } = (await opened.json()) as { thread: { id: string } };
  await expect(
    await noaPage.request.post(`/api/mail/threads/${thread.id}/messages`, {
      data: { subject: null, body: "Could you look at my page?" },
    }),
  ).toBeOK();

  await page.goto("/mail");
  await expect(page.getByText("No conversations yet")).toBeVisible();
  await page.getByRole("link", { name: /Requests \(1 conversation\)/ }).click();
  const requests = page.getByRole("list", { name: "Message requests" });
  await requests.getByRole("link", { name: /Noa Nowak/ }).click();
  await expect(
    page.getByRole("list", { name: "Messages" }).getByText("Could you look at my page?"),
  ).toBeVisible();
  const banner = page.getByRole("region", { name: "Message request", exact: true });
  await expect(banner).toContainText("newer than 30 days");
  expect(await violations(page, "Mail, a message request")).toEqual([]);
  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(
    page.getByText(/^Accepted @.*: their messages and comments now notify you$/),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: /Noa Nowak/ }),
  ).toBeVisible();
});
