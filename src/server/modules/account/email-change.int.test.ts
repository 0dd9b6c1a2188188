// Changing the sign-in e-mail through the real HTTP app (docs/accounts.md "Changing the e-mail"):
// a code to the new address, the sign-up checks and limits, the move itself (the new address
// signs in, the old one is told and no longer does; the product address and handle stay, and
// mail to that address still arrives), and every refusal, an expired code's included, changing
// nothing. Runs on the embedded database, and on PostgreSQL in the PostgreSQL pass.
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThreadView } from "../../../domain/contracts/mail";
import { queryRows } from "../../db/client";
import {
  createAccount,
  requester,
  type TestAccount,
  uniqueEmail,
} from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let call: ReturnType<typeof requester>;

beforeAll(async () => {
  t = await createTestApp();
  call = requester(t, 67);
});
afterAll(async () => {
  await t.close();
});

const requestCode = (who: TestAccount, newEmail: string) =>
  call("POST", "/api/account/email/code", who.cookie, { newEmail });
const confirm = (who: TestAccount, newEmail: string, code: string) =>
  call("POST", "/api/account/email", who.cookie, { newEmail, code });
const sessionEmail = async (who: TestAccount) =>
  (await call("GET", "/api/auth/session", who.cookie)).json().user?.email as string | undefined;
const logIn = (email: string, password: string) =>
  call("POST", "/api/auth/login", "", { email, password });

/** What the sign-in e-mail must never move: the sign-in address and the product's own. */
async function addresses(who: TestAccount) {
  const [row] = await queryRows<{
    email: string;
    chtchtEmail: string;
    username: string | null;
    defaultUsername: string;
  }>(
    t.database.db,
    sql`select u.email, p.chtcht_email as "chtchtEmail", p.username,
          p.default_username as "defaultUsername"
        from users u join profiles p on p.user_id = u.id where u.id = ${who.userId}`,
  );
  if (!row) throw new Error(`no account ${who.userId}`);
  return row;
}

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("changing the e-mail", () => {
  it("mails a code to the new address; the right code moves the account and tells the old one", async () => {
    const person = await createAccount(t, { label: "move" });
    const newEmail = uniqueEmail("moved");
    const sent = await requestCode(person, newEmail);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true, resendAfterSeconds: 60 });
    const code = await t.mailbox.codeArrived(newEmail);

    const wrong = await confirm(person, newEmail, otherThan(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toEqual(["Invalid verification code"]);
    expect(await sessionEmail(person)).toBe(person.email);

    const done = await confirm(person, newEmail, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: newEmail });
    expect(await sessionEmail(person)).toBe(newEmail);

    const notice = t.mailbox.latestTo(person.email);
    expect(notice?.subject).toMatch(/e-mail address was changed/);
    expect(notice?.raw).toContain(newEmail);

    expect((await logIn(person.email, person.password)).statusCode).toBe(401);
    const moved = await logIn(newEmail, person.password);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user.id).toBe(person.userId);
    // The code is spent.
    expect((await confirm(person, newEmail, code)).statusCode).toBe(400);
  });

  it("refuses the same address and one the sign-up checks refuse, and sends nothing", async () => {
    const person = await createAccount(t, { label: "refuse" });
    const before = t.mailbox.all().length;

    const same = await requestCode(person, person.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.newEmail).toEqual(["This is already your e-mail address."]);
    const disposable = await requestCode(person, "someone@mailinator.com");
    expect(disposable.statusCode).toBe(400);
    expect(disposable.json().error.code).toBe("email_refused");
    // Our own mail domain is told as such, not as a provider that is not allowed.
    const own = await requestCode(person, "someone@chtcht.local");
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toMatchObject({
      code: "email_refused",
      fields: {
        newEmail: [
          "Addresses on chtcht.local are mailboxes of this product; use an e-mail address elsewhere.",
        ],
      },
    });
    const shape = await requestCode(person, "not an address");
    expect(shape.statusCode).toBe(400);
    expect(t.mailbox.all().length).toBe(before);
    expect(await sessionEmail(person)).toBe(person.email);
  });

  it("answers a taken address as a free one, and mails its owner a notice instead of a code", async () => {
    const person = await createAccount(t, { label: "prober" });
    const owner = await createAccount(t, { label: "taken" });
    const free = await requestCode(person, uniqueEmail("free"));
    const taken = await requestCode(person, owner.email);
    expect(taken.statusCode, taken.body).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    // Asking again answers the same cooldown either way.
    const takenAgain = await requestCode(person, owner.email);
    expect(takenAgain.statusCode).toBe(429);
    expect(takenAgain.json().error.code).toBe("resend_cooldown");

    await expect
      .poll(() => t.mailbox.latestTo(owner.email)?.subject)
      .toMatch(/Someone tried to use your chtcht address/);
    expect(t.mailbox.codesTo(owner.email)).toHaveLength(1); // the owner's own sign-up code only
    // No code moves the account there: a guess is a wrong code, like any other.
    const guess = await confirm(person, owner.email, "123456");
    expect(guess.statusCode).toBe(400);
    expect(guess.json().error.code).toBe("invalid_code");
    expect(await sessionEmail(person)).toBe(person.email);
    expect(await sessionEmail(owner)).toBe(owner.email);
  });

  it("keeps one person's cooldown from blocking another's code to the same address", async () => {
    const first = await createAccount(t, { label: "first" });
    const second = await createAccount(t, { label: "second" });
    const newEmail = uniqueEmail("shared-new");
    expect((await requestCode(first, newEmail)).statusCode).toBe(200);
    const theirs = await requestCode(second, newEmail);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const code = await t.mailbox.codeArrived(newEmail, 2);
    expect((await confirm(second, newEmail, code)).statusCode).toBe(200);
    expect(await sessionEmail(second)).toBe(newEmail);
  });

  it("bounds everyone's codes to one address at five per half hour", async () => {
    const newEmail = uniqueEmail("bombed");
    const senders = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => createAccount(t, { label: `bomber${n}` })),
    );
    const answers = [];
    for (const sender of senders) answers.push((await requestCode(sender, newEmail)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    await expect.poll(() => t.mailbox.codesTo(newEmail).length).toBe(5);
  });

  it("keeps the resend cooldown and allows five wrong codes", async () => {
    const person = await createAccount(t, { label: "tries" });
    const newEmail = uniqueEmail("tries-new");
    expect((await requestCode(person, newEmail)).statusCode).toBe(200);
    const again = await requestCode(person, newEmail);
    expect(again.statusCode).toBe(429);

    const code = await t.mailbox.codeArrived(newEmail);
    for (let i = 0; i < 5; i += 1) {
      expect((await confirm(person, newEmail, otherThan(code))).statusCode).toBe(400);
    }
    const sixth = await confirm(person, newEmail, code);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error.code).toBe("too_many_attempts");
    expect(await sessionEmail(person)).toBe(person.email);

    // A minute later a new code brings five new tries.
    await t.limits.reset("codeResendCooldown", `email-change:${person.userId} ${newEmail}`);
    expect((await requestCode(person, newEmail)).statusCode).toBe(200);
    const fresh = await t.mailbox.codeArrived(newEmail, 2);
    expect((await confirm(person, newEmail, fresh)).statusCode).toBe(200);
    expect(await sessionEmail(person)).toBe(newEmail);
  });

  it("refuses a code meant for another address or another person", async () => {
    const person = await createAccount(t, { label: "mine" });
    const stranger = await createAccount(t, { label: "stranger" });
    const newEmail = uniqueEmail("mine-new");
    expect((await requestCode(person, newEmail)).statusCode).toBe(200);
    const code = await t.mailbox.codeArrived(newEmail);
    expect((await confirm(stranger, newEmail, code)).statusCode).toBe(400);
    expect((await confirm(person, uniqueEmail("elsewhere"), code)).statusCode).toBe(400);
    expect(await sessionEmail(stranger)).toBe(stranger.email);
    expect((await confirm(person, newEmail, code)).statusCode).toBe(200);
  });

  it("refuses a code past its ten minutes, changing nothing", async () => {
    const person = await createAccount(t, { label: "late" });
    const newEmail = uniqueEmail("late-new");
    expect((await requestCode(person, newEmail)).statusCode).toBe(200);
    const code = await t.mailbox.codeArrived(newEmail);
    const before = await addresses(person);
    // The auth library keeps the code under `change-email-otp-{userId}:{newEmail}`.
    const aged = await queryRows<{ id: string }>(
      t.database.db,
      sql`update verifications set expires_at = now() - interval '1 second'
          where identifier = ${`change-email-otp-${person.userId}:${newEmail}`} returning id`,
    );
    expect(aged).toHaveLength(1);

    const res = await confirm(person, newEmail, code);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("code_expired");
    expect(res.json().error.fields.code).toEqual([
      "This code has expired. Please ask for a new one.",
    ]);
    expect(await addresses(person)).toEqual(before);
    expect(await sessionEmail(person)).toBe(person.email);
    expect(t.mailbox.latestTo(person.email)?.subject ?? "").not.toMatch(/address was changed/);
    expect((await logIn(newEmail, person.password)).statusCode).toBe(401);
    expect((await logIn(person.email, person.password)).statusCode).toBe(200);
    // Nor does the expired code work a second time.
    expect((await confirm(person, newEmail, code)).statusCode).toBe(400);
    expect(await addresses(person)).toEqual(before);
  });

  it("keeps the product address and handle, and mail to that address still reaches the person", async () => {
    const person = await createAccount(t, { label: "keeps", fullName: "Kim Keeps" });
    const before = await addresses(person);
    expect(before.chtchtEmail).toMatch(new RegExp(`^${person.handle}@`));
    const newEmail = uniqueEmail("keeps-new");
    expect((await requestCode(person, newEmail)).statusCode).toBe(200);
    const done = await confirm(person, newEmail, await t.mailbox.codeArrived(newEmail));
    expect(done.statusCode, done.body).toBe(200);

    expect(await addresses(person)).toEqual({ ...before, email: newEmail });
    const session = (await call("GET", "/api/auth/session", person.cookie)).json().user;
    expect(session.handle).toBe(person.handle);

    const inbound = nodemailer.createTransport({
      host: "127.0.0.1",
      port: t.app.inboundSmtp.port,
      secure: false,
      ignoreTLS: true,
    });
    const sent = await inbound.sendMail({
      from: "pal@outside.example",
      to: before.chtchtEmail,
      subject: "Still you?",
      text: "Writing to your old handle address.",
    });
    expect(sent.accepted).toEqual([before.chtchtEmail]);
    const fromPal = async () => {
      const threads: ThreadView[] = (await inject(t, person, "GET", "/api/mail/threads")).json()
        .items;
      return threads.find(
        (th) => th.other.kind === "external" && th.other.address === "pal@outside.example",
      );
    };
    await expect.poll(fromPal).toBeDefined();
  });

  it("refuses a signed-out visitor", async () => {
    const res = await call("POST", "/api/account/email/code", "", { newEmail: uniqueEmail("x") });
    expect(res.statusCode).toBe(401);
  });
});
