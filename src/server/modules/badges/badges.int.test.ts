// The yellow badge and the veteran medal by reviewed request (docs/safety.md "Badges",
// docs/profiles-and-media.md "Badges"): validation, the organisation e-mail's code, one open
// request at a time and the 30-day wait, the moderators' decisions with their audit rows, notices
// and mail, revocation, precedence with the face (black) badge, and the veteran's document: read
// by moderators only and deleted 30 days after the decision.
import { existsSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { moderationActions } from "../../db/schema/audit";
import { badgeRequests } from "../../db/schema/badges";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartFile } from "../../test-support/multipart";
import { makeOutboxDue } from "../../test-support/outbox-rows";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { markFaceVerified } from "../profiles/badges-and-names";

const ADMIN = "badge.admin@example.com";
const DAY = 86_400_000;
let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await createAccount(t, { email: ADMIN });
  moderator = await createAccount(t, { label: "moderator" });
  expect(
    (await inject(t, admin, "POST", "/api/admin/moderators", { email: moderator.email }))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const yellow = {
  category: "organisation",
  officialName: "Acme Rescue Society",
  links: ["https://www.acme-rescue.org/about"],
};
const askYellow = (who: TestAccount, body: object) =>
  inject(t, who, "POST", "/api/badges/yellow", body);
const mine = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/badges/requests")).json();
const decide = (who: TestAccount, id: string, body: object) =>
  inject(t, who, "POST", `/api/admin/badge-requests/${id}/decision`, body);
const profileOf = async (who: TestAccount) => {
  const [row] = await db().select().from(profiles).where(eq(profiles.userId, who.userId));
  if (!row) throw new Error("no profile");
  return row;
};
const requestRows = (who: TestAccount) =>
  db().select().from(badgeRequests).where(eq(badgeRequests.userId, who.userId));
const auditOf = (who: TestAccount) =>
  db()
    .select({ action: moderationActions.action, reason: moderationActions.reason })
    .from(moderationActions)
    .where(eq(moderationActions.targetUserId, who.userId))
    .orderBy(moderationActions.createdAt);
const noticesOf = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/safety/standing")).json().notices as { text: string }[];
const uploadProof = async (
  who: TestAccount,
  bytes: Buffer,
  name = "proof.png",
  type = "image/png",
) => {
  const { payload, headers } = await multipartFile(bytes, name, type);
  return t.app.inject({
    method: "POST",
    url: "/api/badges/veteran",
    headers: { ...headers, cookie: who.cookie },
    payload,
  });
};
const setBranch = (who: TestAccount, branch: string | null) =>
  db().update(profiles).set({ militaryBranch: branch }).where(eq(profiles.userId, who.userId));

describe("asking for the yellow badge", () => {
  it("refuses bad requests with the field at fault, storing nothing", async () => {
    const person = await createAccount(t, { label: "invalid" });
    const cases: [object, string][] = [
      [{ ...yellow, category: "celebrity" }, "category"],
      [{ ...yellow, officialName: "  " }, "officialName"],
      [{ ...yellow, links: [] }, "links"],
      [{ ...yellow, links: ["http://acme-rescue.org"] }, "links.0"],
      [
        { ...yellow, links: ["https://a.org", "https://b.org", "https://c.org", "https://d.org"] },
        "links",
      ],
      [{ ...yellow, orgEmail: "press@another.org" }, "orgEmail"],
      [{ ...yellow, orgEmail: "not an address" }, "orgEmail"],
      [
        {
          ...yellow,
          orgEmail: `x@${t.config.mailDomain}`,
          links: [`https://${t.config.mailDomain}`],
        },
        "orgEmail",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await askYellow(person, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await requestRows(person)).toEqual([]);
    expect((await mine(person)).yellow).toBeNull();
    expect((await inject(t, null, "POST", "/api/badges/yellow", yellow)).statusCode).toBe(401);
  });

  it("confirms the organisation address by a mailed code under the sign-up rules", async () => {
    const person = await createAccount(t, { label: "org" });
    const orgEmail = `press.${person.handle}@acme-rescue.org`;
    const res = await askYellow(person, { ...yellow, orgEmail });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "open", orgEmail, orgEmailConfirmed: false });
    const first = await t.mailbox.codeArrived(orgEmail);

    // The resend cooldown, then five wrong tries void the code.
    expect((await inject(t, person, "POST", "/api/badges/yellow/org-email/code")).statusCode).toBe(
      429,
    );
    const wrong = first === "111111" ? "222222" : "111111";
    const badTry = await inject(t, person, "POST", "/api/badges/yellow/org-email", { code: wrong });
    expect(badTry.statusCode).toBe(400);
    expect(badTry.json().error.fields.code).toEqual(["Invalid verification code"]);
    for (let i = 0; i < 4; i++) {
      await inject(t, person, "POST", "/api/badges/yellow/org-email", { code: wrong });
    }
    const voided = await inject(t, person, "POST", "/api/badges/yellow/org-email", { code: first });
    expect(voided.statusCode).toBe(403);
    expect((await mine(person)).yellow.orgEmailConfirmed).toBe(false);

    await t.limits.reset("codeResendCooldown", `badge-org-email:${person.userId}`);
    const resent = await inject(t, person, "POST", "/api/badges/yellow/org-email/code");
    expect(resent.json()).toEqual({ sent: true, resendAfterSeconds: 60 });
    const second = await t.mailbox.codeArrived(orgEmail, 2);
    // Someone else's code does not confirm this address.
    const other = await createAccount(t, { label: "other" });
    expect(
      (await inject(t, other, "POST", "/api/badges/yellow/org-email", { code: second })).statusCode,
    ).toBe(404);
    const confirmed = await inject(t, person, "POST", "/api/badges/yellow/org-email", {
      code: second,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().orgEmailConfirmed).toBe(true);

    const queue = (await inject(t, moderator, "GET", "/api/admin/badge-requests")).json();
    expect(queue.items.find((r: { id: string }) => r.id === res.json().id)).toMatchObject({
      orgEmail,
      orgEmailConfirmed: true,
      person: { userId: person.userId },
    });
  });

  it("keeps one open request per person, and a denied person waits 30 days", async () => {
    const person = await createAccount(t, { label: "waiting" });
    const first = await askYellow(person, yellow);
    expect(first.statusCode).toBe(201);
    const again = await askYellow(person, yellow);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already have a request under review.");

    const denied = await decide(moderator, first.json().id, {
      decision: "deny",
      message: "We could not find the organisation.",
    });
    expect(denied.statusCode).toBe(200);
    const own = (await mine(person)).yellow;
    expect(own).toMatchObject({ status: "denied", reason: "We could not find the organisation." });
    expect(Date.parse(own.askAgainAt) - Date.parse(own.decidedAt)).toBe(30 * DAY);
    const tooSoon = await askYellow(person, yellow);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.message).toMatch(/^You can ask again on /);

    await db()
      .update(badgeRequests)
      .set({ decidedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(badgeRequests.id, first.json().id));
    expect((await askYellow(person, yellow)).statusCode).toBe(201);
    expect(await noticesOf(person)).toEqual([
      expect.objectContaining({
        text: expect.stringMatching(
          /^A moderator denied your request for the yellow badge\. Reason: We could not find the organisation\. You can ask again on /,
        ),
      }),
    ]);
    expect(t.mailbox.latestTo(person.email)?.subject).toBe(
      `A moderator reviewed your ${t.config.siteName} account`,
    );
  });
});

describe("telling the person", () => {
  const reviewedMails = (who: TestAccount) =>
    t.mailbox
      .all()
      .filter(
        (m) =>
          m.to.includes(who.email) &&
          m.subject === `A moderator reviewed your ${t.config.siteName} account`,
      );
  const settings = (who: TestAccount, body: object) =>
    inject(t, who, "PATCH", "/api/account/notifications", body);

  it("e-mails a decision only to someone who wants badge e-mails; the notice stays", async () => {
    const person = await createAccount(t, { label: "noemail" });
    expect((await settings(person, { matrix: { badge: { email: false } } })).statusCode).toBe(200);
    const asked = await askYellow(person, yellow);
    await decide(moderator, asked.json().id, { decision: "deny", message: "Not found." });
    expect(await noticesOf(person)).toHaveLength(1);
    await t.app.outbox.drain();
    expect(reviewedMails(person)).toEqual([]);
  });

  it("holds the e-mail until the person's quiet hours end", async () => {
    const person = await createAccount(t, { label: "asleep" });
    const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
    const quietHours = {
      start: clock(Date.now() - 60_000),
      end: clock(Date.now() + 3_600_000),
      timeZone: "UTC",
    };
    expect((await settings(person, { quietHours })).statusCode).toBe(200);
    const asked = await askYellow(person, yellow);
    await decide(moderator, asked.json().id, { decision: "deny", message: "Not found." });
    await t.app.outbox.drain();
    expect(reviewedMails(person)).toEqual([]);
    const [held] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from outbox where topic = 'mail'
        and payload->>'to' = ${person.email} and available_at > now() + interval '50 minutes'`,
    );
    expect(held?.n).toBe(1);
    await makeOutboxDue(db(), "mail");
    await t.app.outbox.drain();
    expect(reviewedMails(person)).toHaveLength(1);
  });
});

describe("deciding", () => {
  it("is for moderators only: everyone else gets 404, before the body is read", async () => {
    const person = await createAccount(t, { label: "nosy" });
    const request = await askYellow(person, yellow);
    for (const who of [person, null]) {
      const list = await inject(t, who, "GET", "/api/admin/badge-requests");
      expect(list.statusCode).toBe(who ? 404 : 401);
      const act = await decide(who ?? person, request.json().id, { decision: "approve" });
      expect(act.statusCode).toBe(404);
    }
    expect((await decide(moderator, request.json().id, { decision: "maybe" })).statusCode).toBe(
      400,
    );
    expect((await decide(moderator, request.json().id, { decision: "deny" })).statusCode).toBe(400);
    expect((await profileOf(person)).verificationType).toBe("none");
  });

  it("asks for more, takes the answer, approves at once and audits every step", async () => {
    const person = await createAccount(t, { label: "acme", fullName: "Acme Rescue" });
    const { id } = (await askYellow(person, { ...yellow, category: "business" })).json();
    const asked = await decide(moderator, id, {
      decision: "ask",
      message: "Please link your registry entry.",
    });
    expect(asked.json()).toMatchObject({
      status: "more_info",
      question: "Please link your registry entry.",
    });
    const open = (await inject(t, moderator, "GET", "/api/admin/badge-requests")).json().items;
    expect(open.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await noticesOf(person)).at(-1)?.text).toBe(
      "A moderator has a question about your request for the yellow badge: Please link your registry entry. Answer it on your Edit Profile page.",
    );
    expect((await mine(person)).yellow.question).toBe("Please link your registry entry.");

    const answer = await inject(t, person, "POST", "/api/badges/yellow/answer", {
      answer: "Here it is.",
      links: ["https://registry.example.org/acme"],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      status: "open",
      answer: "Here it is.",
      links: [...yellow.links, "https://registry.example.org/acme"],
    });
    expect(
      (await inject(t, person, "POST", "/api/badges/yellow/answer", { answer: "Again" }))
        .statusCode,
    ).toBe(404);

    const approved = await decide(moderator, id, { decision: "approve" });
    expect(approved.json()).toMatchObject({
      status: "approved",
      decidedBy: { userId: moderator.userId },
    });
    expect((await profileOf(person)).verificationType).toBe("yellow");
    const shown = await inject(t, null, "GET", `/api/profiles/${person.handle}`);
    expect(shown.json().profile.verificationType).toBe("yellow");
    expect((await decide(moderator, id, { decision: "deny", message: "Late" })).statusCode).toBe(
      409,
    );
    expect((await mine(person)).yellow.status).toBe("approved");
    // The badge exists: the form is not offered again.
    expect((await askYellow(person, yellow)).statusCode).toBe(409);

    expect(await auditOf(person)).toEqual([
      { action: "ask_yellow", reason: "Please link your registry entry." },
      { action: "approve_yellow", reason: "Approved the yellow badge" },
    ]);
    const audit = (await inject(t, admin, "GET", "/api/admin/audit")).json().items;
    expect(audit[0]).toMatchObject({
      action: "approve_yellow",
      targetUser: { userId: person.userId },
    });
    expect((await noticesOf(person)).at(-1)?.text).toBe(
      "A moderator approved your request: your profile now shows the yellow badge.",
    );
  });

  it("lets admins alone revoke, falling back to black while the face verification stands", async () => {
    const person = await createAccount(t, { label: "revoked" });
    const { id } = (await askYellow(person, yellow)).json();
    await decide(moderator, id, { decision: "approve" });
    await db()
      .update(profiles)
      .set({ faceVerifiedAt: new Date(), profileImageUrl: "/media/u/x/avatar/a.jpg" })
      .where(eq(profiles.userId, person.userId));

    const byModerator = await decide(moderator, id, { decision: "revoke", message: "Sold" });
    expect(byModerator.statusCode).toBe(403);
    const revoked = await decide(admin, id, {
      decision: "revoke",
      message: "The organisation closed.",
    });
    expect(revoked.json().status).toBe("revoked");
    expect((await profileOf(person)).verificationType).toBe("black");
    expect((await auditOf(person)).at(-1)).toEqual({
      action: "revoke_yellow",
      reason: "The organisation closed.",
    });
    expect((await noticesOf(person)).at(-1)?.text).toBe(
      "An admin removed the yellow badge from your profile. Reason: The organisation closed.",
    );

    const plain = await createAccount(t, { label: "plain" });
    const second = (await askYellow(plain, yellow)).json();
    await decide(moderator, second.id, { decision: "approve" });
    await decide(admin, second.id, { decision: "revoke", message: "Impersonation" });
    expect((await profileOf(plain)).verificationType).toBe("none");
  });
});

describe("yellow wins over black", () => {
  it("keeps yellow through face verification and a new avatar", async () => {
    const person = await createAccount(t, { label: "both" });
    const { id } = (await askYellow(person, yellow)).json();
    await decide(moderator, id, { decision: "approve" });
    const avatar = "/media/u/x/avatar/b.jpg";
    await db()
      .update(profiles)
      .set({ profileImageUrl: avatar })
      .where(eq(profiles.userId, person.userId));
    const verifiedAt = new Date();
    expect(
      await markFaceVerified(db(), {
        userId: person.userId,
        comparedWith: avatar,
        verifiedAt,
        captureUrl: "/api/verification/captures/ab/0123456789abcdef0123456789abcdef.jpg",
        score: 0.3,
      }),
    ).toBe(true);
    expect(await profileOf(person)).toMatchObject({
      verificationType: "yellow",
      faceVerifiedAt: verifiedAt,
      faceMatchScore: 0.3,
    });

    const image = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#3366cc" },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = await multipartFile(image, "me.jpg", "image/jpeg");
    const upload = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${person.userId}/avatar`,
      headers: { ...headers, cookie: person.cookie },
      payload,
    });
    expect(upload.statusCode).toBe(200);
    expect(await profileOf(person)).toMatchObject({
      verificationType: "yellow",
      faceVerifiedAt: null,
      faceCaptureUrl: null,
    });
    await decide(admin, id, { decision: "revoke", message: "Test" });
    expect((await profileOf(person)).verificationType).toBe("none");
  });

  it("still gives black to someone without yellow", async () => {
    const person = await createAccount(t, { label: "black" });
    const avatar = "/media/u/x/avatar/c.jpg";
    await db()
      .update(profiles)
      .set({ profileImageUrl: avatar })
      .where(eq(profiles.userId, person.userId));
    await markFaceVerified(db(), {
      userId: person.userId,
      comparedWith: avatar,
      verifiedAt: new Date(),
      captureUrl: "/api/verification/captures/ab/0123456789abcdef0123456789abcdee.jpg",
      score: 0.2,
    });
    expect((await profileOf(person)).verificationType).toBe("black");
  });
});

describe("the veteran medal", () => {
  it("needs a military branch and a JPEG, PNG or PDF by its bytes, up to 10 MB", async () => {
    const person = await createAccount(t, { label: "recruit" });
    const noBranch = await uploadProof(person, PNG);
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json().error.fields.militaryBranch).toBeDefined();
    await setBranch(person, "Navy");
    const fake = await uploadProof(person, Buffer.from("<html>not a png</html>"));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe("Please upload a JPEG, PNG or PDF file.");
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadProof(person, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe("The document is too large. Max 10MB.");
    const nothing = await t.app.inject({
      method: "POST",
      url: "/api/badges/veteran",
      headers: { cookie: person.cookie, "content-type": "application/json" },
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(await requestRows(person)).toEqual([]);
    // Nine megabytes are fine.
    const nine = await uploadProof(
      person,
      Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024)]),
      "id.pdf",
      "application/pdf",
    );
    expect(nine.statusCode).toBe(201);
    expect(nine.json()).toMatchObject({ kind: "veteran", status: "open", hasProof: true });
    expect((await uploadProof(person, PNG)).statusCode).toBe(409);
  });

  it("shows the document to moderators only, approves, deletes it after 30 days, revokes", async () => {
    const person = await createAccount(t, { label: "veteran" });
    await setBranch(person, "Army");
    const { id } = (await uploadProof(person, PNG)).json();
    const queued = (await inject(t, moderator, "GET", "/api/admin/badge-requests")).json().items;
    const item = queued.find((r: { id: string }) => r.id === id);
    expect(item).toMatchObject({ kind: "veteran", proofType: "image/png", proofDeleted: false });
    const proofUrl = item.proofUrl as string;
    expect(proofUrl).toMatch(/^\/api\/badges\/proofs\/[0-9a-f]+\/[0-9a-f]{32}\.png$/);

    const seen = await inject(t, moderator, "GET", proofUrl);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    expect(seen.headers).toMatchObject({
      "content-type": "image/png",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    });
    expect((await inject(t, person, "GET", proofUrl)).statusCode).toBe(404);
    const stranger = await createAccount(t, { label: "stranger" });
    expect((await inject(t, stranger, "GET", proofUrl)).statusCode).toBe(404);
    expect((await inject(t, null, "GET", proofUrl)).statusCode).toBe(401);
    expect(
      (await inject(t, moderator, "GET", "/api/badges/proofs/../../etc/passwd")).statusCode,
    ).toBe(404);

    const approved = await decide(moderator, id, { decision: "approve" });
    expect(approved.statusCode).toBe(200);
    expect((await profileOf(person)).veteran).toBe(true);
    expect(
      (await inject(t, null, "GET", `/api/profiles/${person.handle}`)).json().profile.veteran,
    ).toBe(true);
    expect((await auditOf(person)).map((a) => a.action)).toEqual(["approve_veteran"]);

    const [hexUser, file] = proofUrl.split("/").slice(-2) as [string, string];
    const onDisk = path.join(t.dataDir, "private", "media", "u", hexUser, "badge-proof", file);
    expect(existsSync(onDisk)).toBe(true);
    const decidedAt = Date.parse(approved.json().decidedAt);
    expect(await t.app.runProofSweep(new Date(decidedAt + 29 * DAY))).toBe(0);
    expect((await inject(t, moderator, "GET", proofUrl)).statusCode).toBe(200);
    expect(await t.app.runProofSweep(new Date(decidedAt + 30 * DAY + 1000))).toBeGreaterThanOrEqual(
      1,
    );
    expect((await inject(t, moderator, "GET", proofUrl)).statusCode).toBe(404);
    expect(existsSync(onDisk)).toBe(false);
    const [row] = await requestRows(person);
    expect(row).toMatchObject({ proofUrl: null, status: "approved" });
    expect(row?.proofDeletedAt).not.toBeNull();
    expect(await t.app.runProofSweep(new Date(decidedAt + 31 * DAY))).toBe(0);

    await decide(admin, id, { decision: "revoke", message: "Document was forged." });
    expect((await profileOf(person)).veteran).toBe(false);
  });

  it("serves a PDF sandboxed, and a denial starts the document's 30 days too", async () => {
    const person = await createAccount(t, { label: "pdf" });
    await setBranch(person, "Marines");
    const { id } = (await uploadProof(person, PDF, "id.pdf", "application/pdf")).json();
    const [row] = await requestRows(person);
    const pdf = await inject(t, moderator, "GET", row?.proofUrl ?? "");
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-security-policy"]).toMatch(/^sandbox/);
    const denied = await decide(moderator, id, { decision: "deny", message: "Unreadable scan." });
    const decidedAt = Date.parse(denied.json().decidedAt);
    await t.app.runProofSweep(new Date(decidedAt + 31 * DAY));
    const [after] = await requestRows(person);
    expect(after?.proofDeletedAt).not.toBeNull();
    expect((await profileOf(person)).veteran).toBe(false);
  });

  it("goes with the account: the requests and the document", async () => {
    const person = await createAccount(t, { label: "leaving" });
    await setBranch(person, "Navy");
    await uploadProof(person, PNG);
    const [row] = await requestRows(person);
    const [hexUser, file] = (row?.proofUrl ?? "").split("/").slice(-2) as [string, string];
    const onDisk = path.join(t.dataDir, "private", "media", "u", hexUser, "badge-proof", file);
    expect(existsSync(onDisk)).toBe(true);
    expect((await inject(t, person, "POST", "/api/account/deletion/code")).statusCode).toBe(200);
    const code = t.mailbox.latestTo(person.email)?.subject.match(/^(\d{6}) /)?.[1] ?? "";
    expect((await inject(t, person, "POST", "/api/account/deletion", { code })).statusCode).toBe(
      200,
    );
    await t.app.outbox.drain();
    expect(await requestRows(person)).toEqual([]);
    expect(existsSync(onDisk)).toBe(false);
  });
});
