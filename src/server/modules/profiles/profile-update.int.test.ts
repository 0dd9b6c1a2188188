// Saving the edit-profile form (spec-2 §5, §6): own profile only, every rule on the server.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audiencesOf } from "../../../domain/audiences";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t, { label: "ada" });
  bob = await createAccount(t, { label: "bob" });
});
afterAll(async () => {
  await t.close();
});

const base = () => ({
  fullName: "  Ada Lovelace ",
  emailAddress: " Ada@Example.com ",
  websiteUrl: "https://www.ada.example/",
  about: "  Enchantress of numbers  ",
  city: "Austin, TX",
  details: {
    country: "United States",
    state: "Texas",
    county: "Travis County",
    age: "36",
    gender: "Female",
    race: "Select",
    height: "5'6\"",
    military_branch: "Navy",
    university: "  ",
    zodiac: "",
  },
});

const put = (account: TestAccount, userId: string, payload: unknown) =>
  t.app.inject({
    method: "PUT",
    url: `/api/profiles/${userId}`,
    headers: { cookie: account.cookie },
    payload: payload as object,
  });

describe("PUT /api/profiles/:userId with a city", () => {
  const withPlace = (city: string, place: Record<string, unknown>) => ({
    ...base(),
    city,
    details: { ...base().details, ...place },
  });

  it("takes the state and county from the chosen city when they are left empty", async () => {
    const res = await put(
      ada,
      ada.userId,
      withPlace("San Francisco, CA", { state: "", county: "" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.attributes).toMatchObject({
      city: "San Francisco, CA",
      state: "California",
      county: "San Francisco County",
    });
  });

  it.each([
    [
      "a county the city is not in",
      { state: "California", county: "Alpine County" },
      "details.county",
    ],
    ["a state the city is not in", { state: "Nevada", county: "" }, "details.state"],
  ])("refuses %s with 400 naming the field", async (_label, place, field) => {
    const res = await put(ada, ada.userId, withPlace("San Francisco, CA", place));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });
});

describe("PUT /api/profiles/:userId", () => {
  it("saves the owner's profile: trimmed text, blank and 'Select' as null, age a number, city coordinates", async () => {
    const res = await put(ada, ada.userId, base());
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      fullName: "Ada Lovelace",
      emailAddress: "ada@example.com",
      websiteUrl: "ada.example",
      about: "Enchantress of numbers",
    });
    expect(profile.attributes).toMatchObject({
      city: "Austin, TX",
      country: "United States",
      state: "Texas",
      county: "Travis County",
      age: 36,
      gender: "Female",
      race: null,
      zodiac: null,
      university: null,
      height: "5'6\"",
      military_branch: "Navy",
    });
    const read = await t.app.inject({ method: "GET", url: `/api/profiles/${ada.handle}` });
    expect(read.json().profile.attributes.age).toBe(36);
    const [coords] = await t.database.db
      .select({ city_lat: profiles.cityLat, city_lng: profiles.cityLng })
      .from(profiles)
      .where(eq(profiles.userId, ada.userId));
    expect(coords?.city_lat).toBeCloseTo(30.3, 0);
    expect(coords?.city_lng).toBeCloseTo(-97.7, 0);
  });

  it("refuses a write to someone else's profile with 403 and changes nothing", async () => {
    const res = await put(bob, ada.userId, { ...base(), fullName: "Mallory" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Can only update your own pics");
    const read = await t.app.inject({ method: "GET", url: `/api/profiles/${ada.handle}` });
    expect(read.json().profile.fullName).not.toBe("Mallory");
  });

  it("requires a session", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${ada.userId}`,
      payload: base(),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ["an empty e-mail", { emailAddress: "" }, "emailAddress", "Email is required"],
    ["a malformed e-mail", { emailAddress: "nope" }, "emailAddress", "Please enter a valid email"],
    ["a 21-character name", { fullName: "x".repeat(21) }, "fullName", undefined],
    ["a 251-character about", { about: "x".repeat(251) }, "about", undefined],
    ["a javascript: website", { websiteUrl: "javascript:alert(1)" }, "websiteUrl", undefined],
    ["an unknown city", { city: "Atlantis, ZZ" }, "city", "Please select a valid U.S. city"],
  ])("refuses %s with 400 naming the field", async (_label, patch, field, message) => {
    const res = await put(ada, ada.userId, { ...base(), ...patch });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(Object.keys(error.fields)).toContain(field);
    if (message) expect(error.fields[field]).toContain(message);
  });

  it.each([
    ["a gender outside the list", { gender: "Robot" }, "details.gender"],
    ["an age under 16", { age: 15 }, "details.age"],
    ["a county of another state", { county: "Cook County" }, "details.county"],
    [
      "a base of another branch",
      { military_branch: "Air Force", military_base: "Naval Station Norfolk" },
      "details.military_base",
    ],
  ])("refuses %s", async (_label, patch, field) => {
    const res = await put(ada, ada.userId, { ...base(), details: { ...base().details, ...patch } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });
});

describe('audiences and consent (docs/profiles-and-media.md "Who sees what")', () => {
  const get = (account: TestAccount | null, handle: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/profiles/${handle}`,
      headers: account ? { cookie: account.cookie } : {},
    });

  it("starts sensitive attributes at Only me and shows the choices to the owner alone", async () => {
    const saved = await put(ada, ada.userId, {
      ...base(),
      details: { ...base().details, religion: "Sikh" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = saved.json().profile;
    expect(own.privacy).toMatchObject({
      audiences: { religion: "only_me", race: "only_me", gender: "everyone", city: "everyone" },
      demographicSearch: true,
      consented: [],
      noticeDue: false,
    });
    expect(own.attributes.religion).toBe("Sikh");
    const seen = (await get(bob, own.handle)).json().profile;
    expect(seen.privacy).toBeNull();
    expect(seen.attributes).toMatchObject({ religion: null, gender: "Female" });
  });

  it("refuses to show a sensitive attribute the first time without consent, changing nothing", async () => {
    const refused = await put(ada, ada.userId, {
      ...base(),
      details: { ...base().details, religion: "Sikh", gender: "Male" },
      audiences: { religion: "friends", gender: "only_me" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields["audiences.religion"]).toEqual([
      "Please confirm first. Your religion will be visible to your friends, and they can find you by it in search.",
    ]);
    const [row] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, ada.userId));
    expect(row).toMatchObject({ gender: "Female", sensitiveConsents: {} });
    expect(audiencesOf(row?.attributeAudiences)).toMatchObject({
      gender: "everyone",
      religion: "only_me",
    });

    const agreed = await put(ada, ada.userId, {
      ...base(),
      details: { ...base().details, religion: "Sikh" },
      audiences: { religion: "everyone" },
      consent: ["religion"],
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().profile.privacy).toMatchObject({
      audiences: { religion: "everyone" },
      consented: ["religion"],
    });
    // Consent is asked once: back to Only me and out again needs no new consent.
    for (const religion of ["only_me", "friends"]) {
      const again = await put(ada, ada.userId, {
        ...base(),
        details: { ...base().details, religion: "Sikh" },
        audiences: { religion },
      });
      expect(again.statusCode, again.body).toBe(200);
    }
  });

  it("answers an unknown audience or a consent for a non-sensitive attribute with a 400", async () => {
    for (const extra of [
      { audiences: { religion: "public" } },
      { audiences: { shoeSize: "everyone" } },
      { consent: ["gender"] },
      { demographicSearch: "no" },
    ]) {
      const res = await put(ada, ada.userId, { ...base(), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it("turns the one-time notice off for the owner only", async () => {
    await t.database.db
      .update(profiles)
      .set({ audienceNoticeDue: true })
      .where(eq(profiles.userId, ada.userId));
    const notice = (account: TestAccount) =>
      t.app.inject({
        method: "POST",
        url: `/api/profiles/${ada.userId}/privacy-notice`,
        headers: { cookie: account.cookie },
      });
    expect((await notice(bob)).statusCode).toBe(403);
    const handle = (await get(ada, ada.handle)).json().profile.handle;
    expect((await get(ada, handle)).json().profile.privacy.noticeDue).toBe(true);
    expect((await notice(ada)).statusCode).toBe(204);
    expect((await get(ada, handle)).json().profile.privacy.noticeDue).toBe(false);
  });
});
