// Passkeys through the real HTTP app (docs/accounts.md "Passkeys"): adding one with a software
// authenticator that builds real WebAuthn bytes (test-support/software-authenticator.ts), signing
// in with it without a password (and without the second factor), renaming and removing it, and
// every forged or replayed ceremony refused. Runs on the embedded database, and on PostgreSQL in
// the PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieHeader,
  createAccount,
  requester,
  type TestAccount,
} from "../../test-support/accounts";
import {
  type SoftwareAuthenticator,
  softwareAuthenticator,
} from "../../test-support/software-authenticator";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { totpCode } from "../../test-support/totp";

let t: TestApp;
let call: ReturnType<typeof requester>;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  call = requester(t, 68);
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(async () => {
  await t.close();
});

/** Adds a passkey named `name` to `who` with `device`; answers the server's reply. */
async function addPasskey(who: TestAccount, device: SoftwareAuthenticator, name = "My laptop") {
  const options = await call("POST", "/api/account/passkeys/options", who.cookie);
  expect(options.statusCode, options.body).toBe(200);
  const { challengeId, options: creation } = options.json();
  return call("POST", "/api/account/passkeys", who.cookie, {
    challengeId,
    name,
    credential: device.register(creation),
  });
}

async function signInWith(device: SoftwareAuthenticator) {
  const options = await call("POST", "/api/auth/passkey/options", "");
  expect(options.statusCode, options.body).toBe(200);
  const { challengeId, options: request } = options.json();
  return call("POST", "/api/auth/passkey", "", {
    challengeId,
    credential: device.authenticate(request),
  });
}

const listOf = async (who: TestAccount) =>
  (await call("GET", "/api/account/passkeys", who.cookie)).json().items as {
    id: string;
    name: string;
    lastUsedAt: string | null;
  }[];

describe("passkeys", () => {
  it("adds a passkey, then signs in with it alone", async () => {
    const person = await createAccount(t, { label: "passkey" });
    const device = softwareAuthenticator(origin);
    const added = await addPasskey(person, device, "  Work laptop ");
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: "Work laptop", lastUsedAt: null });
    expect((await listOf(person)).map((p) => p.name)).toEqual(["Work laptop"]);

    const signIn = await signInWith(device);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user.id).toBe(person.userId);
    const cookie = cookieHeader(signIn.headers["set-cookie"]);
    const session = await call("GET", "/api/auth/session", cookie);
    expect(session.json().user.id).toBe(person.userId);
    expect((await listOf(person))[0]?.lastUsedAt).not.toBeNull();
  });

  it("counts as both factors: two-factor authentication does not ask again", async () => {
    const person = await createAccount(t, { label: "passkey-2fa" });
    const device = softwareAuthenticator(origin);
    expect((await addPasskey(person, device)).statusCode).toBe(201);
    const setup = await call("POST", "/api/account/two-factor/setup", person.cookie, {
      password: person.password,
    });
    const enable = await call("POST", "/api/account/two-factor/enable", person.cookie, {
      code: totpCode(setup.json().key),
    });
    expect(enable.statusCode).toBe(200);
    const password = await call("POST", "/api/auth/login", "", {
      email: person.email,
      password: person.password,
    });
    expect(password.json()).toEqual({ twoFactorRequired: true });
    const signIn = await signInWith(device);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user.id).toBe(person.userId);
  });

  it("refuses a replayed challenge, a forged signature and an unknown passkey", async () => {
    const person = await createAccount(t, { label: "passkey-forged" });
    const device = softwareAuthenticator(origin);
    expect((await addPasskey(person, device)).statusCode).toBe(201);

    const options = await call("POST", "/api/auth/passkey/options", "");
    const { challengeId, options: request } = options.json();
    const credential = device.authenticate(request) as { response: { signature: string } };
    const forged = structuredClone(credential);
    const signature = Buffer.from(forged.response.signature, "base64url");
    signature[signature.length - 1] = (signature.at(-1) as number) ^ 0xff;
    forged.response.signature = signature.toString("base64url");
    const bad = await call("POST", "/api/auth/passkey", "", { challengeId, credential: forged });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["set-cookie"]).toBeUndefined();
    // The challenge was spent by the forged try.
    const replay = await call("POST", "/api/auth/passkey", "", { challengeId, credential });
    expect(replay.statusCode).toBe(400);

    const stranger = softwareAuthenticator(origin);
    stranger.register({ challenge: "c2FtcGxl", rp: {}, user: { id: "someone" } });
    expect((await signInWith(stranger)).statusCode).toBe(400);

    // A user handle naming someone else than the passkey's owner.
    const next = (await call("POST", "/api/auth/passkey/options", "")).json();
    const other = device.authenticate(next.options) as { response: { userHandle: string } };
    other.response.userHandle = Buffer.from("someone-else").toString("base64url");
    const mismatch = await call("POST", "/api/auth/passkey", "", {
      challengeId: next.challengeId,
      credential: other,
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await signInWith(device)).statusCode).toBe(200);
  });

  it("refuses a passkey made for another site, or with another person's challenge", async () => {
    const person = await createAccount(t, { label: "passkey-site" });
    const other = await createAccount(t, { label: "passkey-other" });
    const phishing = softwareAuthenticator("https://examp1e.test");
    const options = await call("POST", "/api/account/passkeys/options", person.cookie);
    const { challengeId, options: creation } = options.json();
    const fromElsewhere = phishing.register({ ...creation, rp: {} });
    const refused = await call("POST", "/api/account/passkeys", person.cookie, {
      challengeId,
      name: "Phone",
      credential: fromElsewhere,
    });
    expect(refused.statusCode).toBe(400);

    const device = softwareAuthenticator(origin);
    const mine = await call("POST", "/api/account/passkeys/options", person.cookie);
    const stolen = await call("POST", "/api/account/passkeys", other.cookie, {
      challengeId: mine.json().challengeId,
      name: "Phone",
      credential: device.register(mine.json().options),
    });
    expect(stolen.statusCode).toBe(400);
    expect(await listOf(person)).toEqual([]);
    expect(await listOf(other)).toEqual([]);

    const unnamed = await addPasskey(person, softwareAuthenticator(origin), "   ");
    expect(unnamed.statusCode).toBe(400);
    expect(await listOf(person)).toEqual([]);
  });

  it("renames and removes a passkey; a removed one no longer signs in", async () => {
    const person = await createAccount(t, { label: "passkey-manage" });
    const other = await createAccount(t, { label: "passkey-manage-other" });
    const device = softwareAuthenticator(origin);
    const { id } = (await addPasskey(person, device)).json();

    const renamed = await call("PATCH", `/api/account/passkeys/${id}`, person.cookie, {
      name: "Phone",
    });
    expect(renamed.statusCode).toBe(200);
    expect((await listOf(person)).map((p) => p.name)).toEqual(["Phone"]);
    const notMine = await call("PATCH", `/api/account/passkeys/${id}`, other.cookie, {
      name: "Mine now",
    });
    expect(notMine.statusCode).toBe(404);
    expect((await call("DELETE", `/api/account/passkeys/${id}`, other.cookie)).statusCode).toBe(
      404,
    );

    const removed = await call("DELETE", `/api/account/passkeys/${id}`, person.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await listOf(person)).toEqual([]);
    expect((await signInWith(device)).statusCode).toBe(400);
  });

  it("refuses a signed-out visitor in Settings", async () => {
    expect((await call("GET", "/api/account/passkeys", "")).statusCode).toBe(401);
    expect((await call("POST", "/api/account/passkeys/options", "")).statusCode).toBe(401);
  });
});
