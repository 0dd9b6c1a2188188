import { describe, expect, it } from "vitest";
import { audiencesOf } from "../../../domain/audiences";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { NO_ATTRIBUTES } from "../../test-support/posts";
import { type FormAction, type FormState, formReducer, initialState } from "./form-state";

const profile = {
  userId: "u1",
  handle: "ada",
  fullName: "Ada Lovelace",
  emailAddress: "ada@example.com",
  websiteUrl: null,
  about: null,
  attributes: NO_ATTRIBUTES,
  privacy: { audiences: audiencesOf({}), demographicSearch: true, consented: [], noticeDue: false },
} as unknown as ProfileView;

const withErrors: FormState = {
  ...initialState(profile),
  errors: {
    fullName: "Too long",
    "details.age": "Pick one",
    city: "Pick one",
    "audiences.race": "?",
  },
};

describe("formReducer", () => {
  it.each<[string, FormAction, string[]]>([
    [
      "a typed name",
      { type: "field", values: { fullName: "Ada" }, clear: ["fullName"] },
      ["fullName"],
    ],
    ["a detail", { type: "details", patch: { age: "30" } }, ["details.age"]],
    ["a picked city", { type: "city", city: null }, ["city"]],
    ["an audience", { type: "audience", key: "race", audience: "friends" }, ["audiences.race"]],
  ])("%s clears its own errors and keeps the others", (_, action, cleared) => {
    const next = formReducer(withErrors, action);
    expect(Object.keys(next.errors).sort()).toEqual(
      Object.keys(withErrors.errors)
        .filter((key) => !cleared.includes(key))
        .sort(),
    );
  });

  it("keeps the errors object when a change clears none, so the Details grid is not drawn again", () => {
    const next = formReducer(withErrors, {
      type: "field",
      values: { about: "Hi" },
      clear: ["about"],
    });
    expect(next.errors).toBe(withErrors.errors);
  });

  it("adds a consent once, and a failed check asks for focus and ends the save", () => {
    const consenting: FormAction = {
      type: "audience",
      key: "race",
      audience: "friends",
      consent: "race",
    };
    const twice = formReducer(formReducer(withErrors, consenting), consenting);
    expect(twice.values.consent).toEqual(["race"]);
    const invalid = formReducer(
      { ...withErrors, saving: true },
      {
        type: "invalid",
        errors: { about: "Too long" },
        message: "Please fix the highlighted fields.",
      },
    );
    expect(invalid).toMatchObject({
      saving: false,
      focusRequest: 1,
      errors: { about: "Too long" },
    });
  });
});
