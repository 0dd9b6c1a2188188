// The restore drill of docs/operations.md "Restore": an instance on PostgreSQL with people who
// sign in with a password, a profile picture and a post image on disk (DATA_DIR/media), a mail
// thread with the outside and a DKIM key is backed up as an operator does — `pg_dump`, a copy of
// DATA_DIR and the secrets kept outside it — then lost. The backup is restored into a new database
// (`pg_restore`) and a new DATA_DIR, and a new instance started on it with the same secrets serves
// the same logins, picture bytes and thread, signs its mail with the same key and opens the
// federation keys. A restore without the session secret shows what is lost with it.
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { dkimVerify } from "mailauth";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../domain/contracts/mail";
import { cookieHeader, createAccount, type TestAccount } from "../test-support/accounts";
import { fakeDns } from "../test-support/dns";
import { multipartFile, multipartPost } from "../test-support/multipart";
import { smtpFrom } from "../test-support/smtp-client";
import { inject } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { createPostgresDatabase } from "../test-support/test-db";
import { totpCode } from "../test-support/totp";
import { fromPostgres } from "./client";

/** `pg_dump` and `pg_restore` need a PostgreSQL server: the drill runs in the PostgreSQL pass. */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("restore drill skipped: pg_dump and pg_restore need TEST_DATABASE_URL");
const run = promisify(execFile);

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
/** The secrets an operator keeps outside the database and DATA_DIR (here: the DKIM key). */
const secrets = {
  DKIM_PRIVATE_KEY: privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString()
    .replaceAll("\n", "\\n"),
  DKIM_SELECTOR: "drill",
};
const dkimDns = fakeDns({
  "drill._domainkey.chtcht.local": `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
});

/** What the backup copies of DATA_DIR: all but the stand-in web app the tests write and the
 * copies of mail already sent (DATA_DIR/mail, when SMTP_URL is unset). */
const NOT_BACKED_UP = new Set(["web", "mail"]);
function copyDataDir(from: string, to: string) {
  cpSync(from, to, {
    recursive: true,
    filter: (source) => !NOT_BACKED_UP.has(path.relative(from, source).split(path.sep)[0] ?? ""),
  });
}

const PAL = "pal@outside.example";
const AS = "application/activity+json";

describe.skipIf(!pgUrl)("restore drill: database dump, DATA_DIR copy and secrets", () => {
  let backupDir: string;
  const databases: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
  let restoredUrl: string;
  let restored: TestApp;
  let ann: TestAccount;
  /** Bo signs in with a password and an authenticator app (two-factor authentication on). */
  let bo: TestAccount;
  let boKey: string;
  let avatarUrl: string;
  let avatarBytes: Buffer;
  let postImageUrl: string;
  let postImageBytes: Buffer;
  let threadId: string;
  let threadBefore: MessageView[];
  let actorKeyBefore: string;

  const newDatabase = async () => {
    const created = await createPostgresDatabase(pgUrl as string);
    databases.push(created);
    return created.url;
  };
  const jpeg = (background: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const bytesOf = async (t: TestApp, url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const messagesOf = async (t: TestApp): Promise<MessageView[]> =>
    (await inject(t, ann, "GET", `/api/mail/threads/${threadId}/messages`)).json().items;
  const actorOf = (t: TestApp) =>
    t.app.inject({ url: `/ap/users/${ann.userId}`, headers: { accept: AS } });
  const logIn = (t: TestApp, who: TestAccount) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: who.email, password: who.password },
    });
  /** Bo's sign-in: the password, then the authenticator's code of `at`. */
  async function twoStepLogIn(t: TestApp, at: number) {
    const first = await logIn(t, bo);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    return t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor",
      payload: { method: "totp", code: totpCode(boKey, at) },
      headers: { cookie: cookieHeader(first.headers["set-cookie"]) },
    });
  }

  /** Instance 1: the state a backup must keep. */
  async function buildState(t: TestApp) {
    ann = await createAccount(t, { fullName: "Ann Drill" });
    const avatar = await multipartFile(await jpeg("#cc3366"), "me.jpg", "image/jpeg");
    const uploaded = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${ann.userId}/avatar`,
      payload: avatar.payload,
      headers: { ...avatar.headers, cookie: ann.cookie },
    });
    expect(uploaded.statusCode).toBe(200);
    avatarUrl = uploaded.json().profile.profileImageUrl;
    avatarBytes = await bytesOf(t, avatarUrl);

    const post = await multipartPost("Before the backup", await jpeg("#3366cc"));
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      payload: post.payload,
      headers: { ...post.headers, cookie: ann.cookie },
    });
    expect(posted.statusCode).toBe(201);
    postImageUrl = posted.json().post.images[0].url;
    postImageBytes = await bytesOf(t, postImageUrl);

    await smtpFrom(t.app.inboundSmtp.port).sendMail({
      from: PAL,
      to: `${ann.handle}@chtcht.local`,
      subject: "Backups",
      text: "Do you keep backups?",
      messageId: "<backups-1@outside.example>",
    });
    const threads = (await inject(t, ann, "GET", "/api/mail/threads")).json().items as ThreadView[];
    threadId = threads.find((th) => th.other.kind === "external")?.id as string;
    const reply = await inject(t, ann, "POST", `/api/mail/threads/${threadId}/messages`, {
      subject: "Re: Backups",
      body: "Every night, and I try the restore.",
    });
    expect(reply.statusCode).toBe(201);
    threadBefore = await messagesOf(t);
    expect(threadBefore).toHaveLength(2);

    const actor = await actorOf(t);
    expect(actor.statusCode).toBe(200);
    actorKeyBefore = actor.json().publicKey.publicKeyPem;

    bo = await createAccount(t, { fullName: "Bo Drill" });
    const setup = await inject(t, bo, "POST", "/api/account/two-factor/setup", {
      password: bo.password,
    });
    expect(setup.statusCode).toBe(200);
    boKey = setup.json().key;
    // The previous 30 s step's code, so the restored instance's sign-in has a fresh one.
    const enable = await inject(t, bo, "POST", "/api/account/two-factor/enable", {
      code: totpCode(boKey, Date.now() - 30_000),
    });
    expect(enable.statusCode).toBe(200);
  }

  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), "chtcht-backup-"));
    const sourceUrl = await newDatabase();
    const source = fromPostgres(sourceUrl, 5);
    await source.migrate();
    // No SESSION_SECRET: the instance makes DATA_DIR/session-secret, as the embedded default does.
    const original = await createTestApp(secrets, { database: source });
    try {
      expect(existsSync(path.join(original.dataDir, "session-secret"))).toBe(true);
      await buildState(original);
      // The backup: the database, DATA_DIR (media and the session secret), the secrets above.
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(backupDir, "database.dump")}`,
        sourceUrl,
      ]);
      copyDataDir(original.dataDir, path.join(backupDir, "data"));
    } finally {
      await original.close(); // the machine is lost: its DATA_DIR is removed too
    }

    restoredUrl = await newDatabase();
    await run("pg_restore", [
      "--no-owner",
      "--exit-on-error",
      `--dbname=${restoredUrl}`,
      path.join(backupDir, "database.dump"),
    ]);
    const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-restored-"));
    cpSync(path.join(backupDir, "data"), dataDir, { recursive: true });
    restored = await createTestApp(secrets, {
      database: fromPostgres(restoredUrl, 5),
      dataDir,
    });
  }, 120_000);

  afterAll(async () => {
    await restored?.close();
    for (const database of databases) await database.drop();
    if (backupDir) rmSync(backupDir, { recursive: true, force: true });
  }, 60_000);

  it("signs in with the password, and a session from before the backup is still open", async () => {
    const login = await logIn(restored, ann);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(ann.userId);
    expect((await inject(restored, ann, "GET", "/api/feed")).statusCode).toBe(200);
  });

  it("signs in with the password and the authenticator app set up before the backup", async () => {
    const second = await twoStepLogIn(restored, Date.now());
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.id).toBe(bo.userId);
  });

  it("serves the profile picture and the post image with the same bytes", async () => {
    const profile = await inject(restored, ann, "GET", `/api/profiles/${ann.handle}`);
    expect(profile.json().profile.profileImageUrl).toBe(avatarUrl);
    expect((await bytesOf(restored, avatarUrl)).equals(avatarBytes)).toBe(true);
    expect((await bytesOf(restored, postImageUrl)).equals(postImageBytes)).toBe(true);
  });

  it("reads the mail thread as it was", async () => {
    expect(await messagesOf(restored)).toEqual(threadBefore);
  });

  it("signs its outgoing mail with the same DKIM key", async () => {
    const reply = await inject(restored, ann, "POST", `/api/mail/threads/${threadId}/messages`, {
      subject: "Re: Backups",
      body: "Written after the restore.",
    });
    expect(reply.statusCode).toBe(201);
    let sent = restored.mailbox.latestTo(PAL);
    for (const until = Date.now() + 10_000; !sent && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent = restored.mailbox.latestTo(PAL);
    }
    expect(sent?.raw).toContain("Written after the restore.");
    const verdict = await dkimVerify(Buffer.from(String(sent?.raw).replace(/\r?\n/g, "\r\n")), {
      resolver: (name, type) => dkimDns(name, type) as Promise<string[][]>,
    });
    expect(verdict.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([
      ["chtcht.local", "drill", "pass"],
    ]);
  });

  it("opens the federation keys sealed with the session secret", async () => {
    const actor = await actorOf(restored);
    expect(actor.statusCode).toBe(200);
    expect(actor.json().publicKey.publicKeyPem).toBe(actorKeyBefore);
  });

  it("restored without DATA_DIR/session-secret: passwords work; sessions, authenticator apps and federation keys do not", async () => {
    const withoutSecret = await createTestApp(secrets, { database: fromPostgres(restoredUrl, 5) });
    try {
      const login = await logIn(withoutSecret, ann);
      expect(login.statusCode).toBe(200);
      expect((await inject(withoutSecret, ann, "GET", "/api/feed")).statusCode).toBe(401);
      // The actor is still served, but without a public key: its private keys cannot be opened,
      // so nothing it signs can be verified elsewhere.
      const actor = await actorOf(withoutSecret);
      expect(actor.statusCode).toBe(200);
      expect(actor.json().publicKey).toBeUndefined();
      const second = await twoStepLogIn(withoutSecret, Date.now() + 30_000);
      expect(second.statusCode, second.body).not.toBe(200);
      expect(second.json().error.code).toBeDefined();
    } finally {
      await withoutSecret.close();
    }
  });
});
