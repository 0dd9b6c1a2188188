import { describe, expect, it } from "vitest";
import type { ProfileAttributes } from "./contracts/profile-attributes";
import { firstSteps } from "./first-steps";

const noAttributes = Object.fromEntries(
  [
    "country",
    "state",
    "county",
    "city",
    "age",
    "gender",
    "race",
    "sexuality",
    "zodiac",
    "body_types",
    "height",
    "relationship_status",
    "kids",
    "occupation",
    "military_branch",
    "military_base",
    "university",
    "hbcu",
    "salary",
    "networth",
    "greek",
    "religion",
    "education",
    "causes",
  ].map((key) => [key, null]),
) as unknown as ProfileAttributes;

const newPerson = {
  profileImageUrl: null,
  attributes: noAttributes,
  counts: { friends: 0, following: 0, followers: 0 },
  username: null,
};

const doneKeys = (profile: typeof newPerson | Record<string, unknown>) =>
  firstSteps({ ...newPerson, ...profile })
    .filter((step) => step.done)
    .map((step) => step.key);

describe("firstSteps", () => {
  it("lists the four steps in order, none done for a new person", () => {
    expect(firstSteps(newPerson)).toEqual([
      { key: "photo", label: "Add a photo", done: false },
      { key: "details", label: "Fill in your details", done: false },
      { key: "follow", label: "Follow 3 people", done: false },
      { key: "username", label: "Reserve a username", done: false },
    ]);
  });

  it.each([
    [{ profileImageUrl: "/media/a.jpg" }, ["photo"]],
    [{ attributes: { ...noAttributes, city: "Springfield, IL" } }, ["details"]],
    [{ attributes: { ...noAttributes, age: 30 } }, ["details"]],
    [{ counts: { friends: 0, following: 2, followers: 0 } }, []],
    [{ counts: { friends: 1, following: 3, followers: 9 } }, ["follow"]],
    [{ username: "ada" }, ["username"]],
  ])("%j → %j done", (profile, expected) => {
    expect(doneKeys(profile)).toEqual(expected);
  });
});
